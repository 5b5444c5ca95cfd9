import {
  getLegalDocument,
  type LegalDocumentId,
  legalDocumentIds,
} from "@kinderready/domain/legal/legal-documents.server";
import { recordAdSharingOptOut } from "@kinderready/domain/profile/profile.server";
import { localeFromPath } from "@kinderready/i18n/locales";
import { data, redirect } from "react-router";
import { requestContext } from "#load-context";
import { adSharingOptOut, adSharingOptOutSetCookie } from "../../consent/ad-sharing-opt-out.ts";
import { secureCookiesFor } from "../../cookies.ts";
import { sessionParent } from "../../session/parent-session.server.ts";
import type { Route } from "./+types/legal";

const isDocument = (value: string | undefined): value is LegalDocumentId =>
  (legalDocumentIds as string[]).includes(value ?? "");

/**
 * The document the path names (`/terms/{document}/`), in the page's language, rules filled in;
 * on the do-not-sell page, whether this browser is opted out (button or GPC), recorded for the
 * signed-in parent too.
 */
export async function loadLegalDocument({ url, request, context }: Route.LoaderArgs) {
  const { config, services } = context.get(requestContext);
  const document = /\/terms\/([a-z-]+)\/?$/.exec(url.pathname)?.[1];
  if (!isDocument(document)) throw data(null, { status: 404 });
  const optOut =
    document === "do-not-sell"
      ? adSharingOptOut({ cookieHeader: request.headers.get("cookie"), gpcHeader: request.headers.get("sec-gpc") })
      : undefined;
  // A signed-in parent's browser opted out (button or GPC): the opt-out is theirs, on every device.
  if (optOut && optOut !== "none") {
    // Opting out only ever protects the parent: any session of theirs may record it.
    const signedIn = await sessionParent(request, services);
    if (signedIn) await recordAdSharingOptOut(services.account, { token: signedIn.parent.token });
  }
  return {
    sections: getLegalDocument(localeFromPath(url.pathname), document, {
      supportEmail: config.supportEmail,
      ...config.legalLinks,
    }),
    optOut,
  };
}

/** The do-not-sell button: remember the opt-out in this browser, then show the page again. */
export async function optOutOfAdSharing({ url, request, context }: Route.ActionArgs) {
  const { config, services } = context.get(requestContext);
  if (!/\/terms\/do-not-sell\/?$/.test(url.pathname)) throw data(null, { status: 405 });
  const signedIn = await sessionParent(request, services);
  if (signedIn) await recordAdSharingOptOut(services.account, { token: signedIn.parent.token });
  return redirect(url.pathname, {
    status: 303,
    headers: { "set-cookie": adSharingOptOutSetCookie(secureCookiesFor(config.appUrl)) },
  });
}
