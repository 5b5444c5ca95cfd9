import english from "@kinderready/i18n/catalogues/en.json" with { type: "json" };
import consoleEnglish from "@kinderready/i18n/console-catalogues/en.json" with { type: "json" };

// What the raw-key tests look for: text on a page that is one of the catalogues' keys, which is
// what the translator shows when a language lacks the key.

const namespaces = [...Object.keys(english), ...Object.keys(consoleEnglish)].join("|");
// A namespace, a dot and a lower-case segment: keys are written so, sentences ("…printables. Your") are not.
const keyShaped = new RegExp(`\\b(?:${namespaces})\\.[a-z][A-Za-z0-9_-]*(?:\\.[A-Za-z0-9_-]+)*`, "g");
// The console's keys at its top level ("signOut") have no dot: a text that is one of them, whole, is one.
const topLevelKeys = new Set(
  Object.entries(consoleEnglish).flatMap(([key, value]) => (typeof value === "string" ? [key] : [])),
);

/** What the parent or operator reads: the page's text and the names and labels of images and controls. */
function shownText(root: Element): string[] {
  const labels = [...root.querySelectorAll("[alt], [aria-label], [title], [placeholder]")].flatMap((element) =>
    ["alt", "aria-label", "title", "placeholder"].map((name) => element.getAttribute(name) ?? ""),
  );
  // Text nodes only (NodeFilter.SHOW_TEXT), in this document or one parsed from server-rendered HTML.
  const walker = root.ownerDocument.createTreeWalker(root, 4);
  const texts: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.textContent ?? "");
  return [...texts, ...labels];
}

/** The catalogue keys among the texts of a page (the document's body unless another root is given). */
export function rawKeysShown(root: Element = document.body): string[] {
  return shownText(root).flatMap((text) => [
    ...(text.match(keyShaped) ?? []),
    ...(topLevelKeys.has(text.trim()) ? [text.trim()] : []),
  ]);
}
