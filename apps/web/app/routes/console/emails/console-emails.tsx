import { emailKindIds } from "@kinderready/domain/email/email-kinds";
import { locales } from "@kinderready/i18n/locales";
import { Form, useSearchParams } from "react-router";
import { DaysFilter, daysOf } from "../../../console/day-fields.tsx";
import { TableCard } from "../../../console/table-card.tsx";
import { useTranslation } from "../../../i18n/translation-context.tsx";
import type { Route } from "./+types/console-emails";
import { loadConsoleEmails } from "./console-emails-route.server.ts";
import { emailKindColumns } from "./email-columns.tsx";

// Emails (/admin/emails/): every kind by its id, service or marketing, with what became of those
// written in the days asked for (sent, failed, skipped, queued); and any kind in any language as
// the parent sees it, drawn with sample data in a frame of its own.

export const loader = (args: Route.LoaderArgs) => loadConsoleEmails(args);

export default function ConsoleEmails({ loaderData }: Route.ComponentProps) {
  const { t, ifKnown } = useTranslation("console");
  const { query, kinds } = loaderData;
  const days = daysOf(query);
  const [params] = useSearchParams();
  const kind = emailKindIds.find((id) => id === params.get("preview")) ?? "receipt";
  const language = locales.find((locale) => locale.code === params.get("in"))?.code ?? "en";
  return (
    <>
      <h1>{t("emails.title")}</h1>
      <DaysFilter query={query} />
      {kinds && (
        <>
          <p className="console-note">{t("emails.note")}</p>
          <TableCard
            id="email-kinds"
            title={t("emails.kindsTitle")}
            csv="emails.csv"
            days={days}
            columns={emailKindColumns}
            rows={kinds}
            rowKey={(row) => row.id}
          />
        </>
      )}
      <section aria-labelledby="email-preview" className="console-card">
        <h2 id="email-preview">{t("emails.previewTitle")}</h2>
        <p className="console-note">{t("emails.previewNote")}</p>
        {/* A plain GET form: the choice is the address, so it works without scripts too. */}
        <Form method="get" className="console-form console-form--inline">
          <input type="hidden" name="from" value={days.from} />
          <input type="hidden" name="to" value={days.to} />
          <label className="console-field">
            <span>{t("emails.columns.kind")}</span>
            <select name="preview" defaultValue={kind}>
              {emailKindIds.map((id) => (
                <option key={id} value={id}>
                  {id} {ifKnown(`customers.emailKinds.${id}`) ?? ""}
                </option>
              ))}
            </select>
          </label>
          <label className="console-field">
            <span>{t("emails.language")}</span>
            <select name="in" defaultValue={language}>
              {locales.map((locale) => (
                <option key={locale.code} value={locale.code}>
                  {locale.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="console-button">
            {t("emails.show")}
          </button>
        </Form>
        <iframe
          key={`${kind}-${language}`}
          className="console-email-preview"
          title={t("emails.frameTitle", { kind, language })}
          src={`/admin/emails/preview/${kind}/${language}/`}
          sandbox=""
        />
      </section>
    </>
  );
}
