/**
 * The first field of a request part (in a value or a key) holding text PostgreSQL cannot store,
 * named as the validation errors name fields (`body.kid.name`), or undefined: a NUL character
 * (refused in text and jsonb) or an unpaired surrogate (refused in jsonb, silently replaced in
 * text). Such input would otherwise fail at the insert with a 500. Walks without recursion: a
 * body may nest as deep as its size allows.
 */
export function fieldWithUnstorableText(value: unknown, part: string): string | undefined {
  const unstorable = (text: string) => text.includes("\u0000") || !text.isWellFormed();
  const pending: [unknown, string][] = [[value, part]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [current, path] = next;
    if (typeof current === "string") {
      if (unstorable(current)) return path;
    } else if (current && typeof current === "object") {
      for (const [key, inner] of Object.entries(current)) {
        // The key is shown as text PostgreSQL would not take either; its place is what matters.
        const innerPath = `${path}.${key.toWellFormed()}`;
        if (unstorable(key)) return innerPath;
        pending.push([inner, innerPath]);
      }
    }
  }
  return undefined;
}
