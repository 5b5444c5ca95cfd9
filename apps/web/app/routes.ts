import { localeCodes } from "@kinderready/i18n/locales";
import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { pages } from "./pages.ts";

// Locale-prefixed copies of every page; English has no prefix. The path carries the language.
const pageRoutes = localeCodes.flatMap((locale) => {
  const prefix = locale === "en" ? "" : `${locale}/`;
  return pages.map((page) => {
    const id = `${locale}:${page.id}`;
    if (page.path === "") return prefix ? route(prefix, page.file, { id }) : index(page.file, { id });
    return route(`${prefix}${page.path}`, page.file, { id });
  });
});

// Endpoints the pages post to, and developer tools: one each, outside the language prefixes.
export default [
  ...pageRoutes,
  route("actions/confirm-email", "routes/confirm-email.ts", { id: "confirm-email" }),
  route("dev/mailbox", "routes/dev-mailbox.tsx", { id: "dev-mailbox" }),
] satisfies RouteConfig;
