import { dateTimeFormat } from "@kinderready/i18n/intl-locale";
import { Form, useMatches, useRouteLoaderData } from "react-router";
import { LinkedText } from "../../components/linked-text.tsx";
import { partCatalogueHandle } from "../../i18n/load-catalogue.ts";
import { useTranslation } from "../../i18n/translation-context.tsx";
import { type PageId, pageById } from "../../pages.ts";
import type { loader as rootLoader } from "../../root.tsx";
import type { Route } from "./+types/legal";
import { loadLegalDocument, optOutOfAdSharing } from "./legal-route.server.ts";

/** A legal page hydrates with the frame's texts and the rest; the quiz's, the offer's and the kit's follow. */
export const handle = partCatalogueHandle("rest");

export const loader = (args: Route.LoaderArgs) => loadLegalDocument(args);
export const action = (args: Route.ActionArgs) => optOutOfAdSharing(args);

const lastUpdated = new Date("2026-11-23T00:00:00Z");

// One component for the six legal documents; the route id says which one.
export default function Legal({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const matches = useMatches();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const page = pageById(matches[matches.length - 1]?.id as PageId);
  return (
    <article className="page legal" aria-labelledby="page-title">
      <h1 id="page-title">{t(`meta.titles.${page.title}`)}</h1>
      <p className="muted">
        {t("pages.legal.updated", {
          date: dateTimeFormat(i18n.language, { dateStyle: "long", timeZone: "UTC" }).format(lastUpdated),
        })}
      </p>
      {loaderData.optOut && (
        <section className="legal__opt-out" aria-labelledby="opt-out-choice">
          <h2 id="opt-out-choice">{t("pages.legal.optOut.heading")}</h2>
          {loaderData.optOut === "none" ? (
            // A plain form: it works before (and without) scripts.
            <Form method="post" reloadDocument>
              <button type="submit" className="button">
                {t("pages.legal.optOut.button")}
              </button>
            </Form>
          ) : (
            <p role="status">{t(loaderData.optOut === "gpc" ? "pages.legal.optOut.gpc" : "pages.legal.optOut.done")}</p>
          )}
        </section>
      )}
      {loaderData.sections.map((section) => (
        <section key={section.id} aria-labelledby={`legal-${section.id}`}>
          <h2 id={`legal-${section.id}`}>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            // Paragraphs of a section differ, so the text is a stable key.
            <p key={paragraph}>
              <LinkedText text={paragraph} />
            </p>
          ))}
        </section>
      ))}
      <p>
        <LinkedText text={t("pages.legal.contact", { email: root?.config.supportEmail ?? "" })} />
      </p>
    </article>
  );
}
