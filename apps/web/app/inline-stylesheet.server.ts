import { readFileSync } from "node:fs";
import stylesheet from "./styles/app.css?url";

let text: string | undefined;

/**
 * The built stylesheet (build/client/assets/app-….css, beside this server bundle), read once.
 * Under Vite's dev server there is no built file: the page links the stylesheet instead.
 */
export function inlineStylesheet(): string {
  if (import.meta.env.DEV) return "";
  text ??= readFileSync(new URL(`../client${stylesheet}`, import.meta.url), "utf8");
  return text;
}
