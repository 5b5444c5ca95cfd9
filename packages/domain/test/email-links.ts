/** Tests only: the pages an email's counted links lead to (their `to`), in the order they appear. */
export function linkTargets(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s/]+\/l\/[0-9a-f-]{36}\/[\w-]+\?to=([^\s"<&]+)/g)].map((match) =>
    decodeURIComponent(match[1] ?? ""),
  );
}
