import { useTranslation } from "react-i18next";
import { useMatches, useRouteLoaderData } from "react-router";
import { pageById, pageIdOf } from "../pages.ts";
import type { loader as rootLoader } from "../root.tsx";

const lastUpdated = new Date("2026-11-22T00:00:00Z");

// One component for the six legal documents; the route id says which one.
export default function Legal() {
  const { t, i18n } = useTranslation();
  const matches = useMatches();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const page = pageById(pageIdOf(matches[matches.length - 1]?.id ?? ""));
  return (
    <article className="page legal" aria-labelledby="page-title">
      <h1 id="page-title">{t(`meta.titles.${page.title}`)}</h1>
      <p className="muted">
        {t("pages.legal.updated", {
          date: new Intl.DateTimeFormat(i18n.language, { dateStyle: "long", timeZone: "UTC" }).format(lastUpdated),
        })}
      </p>
      <p>{t("pages.legal.contact", { email: root?.config.supportEmail ?? "" })}</p>
    </article>
  );
}
