import { localeCodes } from "@kinderready/i18n/locales";
import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { pages } from "./pages.ts";

// Locale-prefixed copies of every page; English has no prefix. The path carries the language.
export default localeCodes.flatMap((locale) => {
  const prefix = locale === "en" ? "" : `${locale}/`;
  return pages.map((page) => {
    const id = `${locale}:${page.id}`;
    if (page.path === "") return prefix ? route(prefix, page.file, { id }) : index(page.file, { id });
    return route(`${prefix}${page.path}`, page.file, { id });
  });
}) satisfies RouteConfig;
