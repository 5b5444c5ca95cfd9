import type { MetaDescriptor } from "react-router";

/** The console is nobody's landing page: its title, no share preview, and search engines stay out. */
export function consoleMeta(title: string | undefined): MetaDescriptor[] {
  return title ? [{ title }, { name: "robots", content: "noindex" }] : [{ name: "robots", content: "noindex" }];
}
