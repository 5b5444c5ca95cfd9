import { getEmailReport } from "@kinderready/domain/console/email-report.server";
import { reportDaysSchema } from "@kinderready/domain/console/report-filters";
import { parseEmailKind } from "@kinderready/domain/email/email-kinds";
import { previewEmail } from "@kinderready/domain/email/email-previews.server";
import { isLocale } from "@kinderready/i18n/locales";
import { data } from "react-router";
import { requestContext } from "#load-context";
import { parseReportQuery } from "../../../console/report-query.ts";
import type { Route as PreviewRoute } from "./+types/console-email-preview";
import type { Route } from "./+types/console-emails";

// Server side of the emails page (/admin/emails/): every kind by its id with what became of those
// written in the days asked for, and each kind's preview in each language.

export async function loadConsoleEmails({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const now = new Date();
  const query = parseReportQuery(new URL(request.url), now, reportDaysSchema("retention", now));
  if (!query.ok) return data({ query, kinds: null }, { status: 400 });
  return { query, kinds: await getEmailReport(services, query.filters) };
}

/**
 * A preview as its own document: the mail's HTML under a policy of its own (its inline styles,
 * nothing else; no scripts; framed by the console only).
 */
export function loadConsoleEmailPreview({ params }: PreviewRoute.LoaderArgs) {
  const kind = parseEmailKind(params.kind);
  const mail =
    kind && kind.args.length === 0 && isLocale(params.locale) ? previewEmail(kind.id, params.locale) : undefined;
  if (!mail) {
    return new Response("kind: no such email kind, or locale: no such language\n", {
      status: 404,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(mail.html, {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy":
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'; form-action 'none'; base-uri 'none'",
      "cache-control": "private, no-store",
    },
  });
}
