import { followEmailLink } from "@kinderready/domain/email/email-links.server";
import { redirect } from "react-router";
import { requestContext } from "#load-context";
import type { Route } from "./+types/email-link";

/**
 * A link followed from an email (`/l/{message}/{signature}?to={path}`): the click is counted for
 * its message, and the parent goes on to the page. A link this site did not sign (a mangled or
 * made-up one) leads to the home page, never elsewhere.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const to = new URL(request.url).searchParams.get("to") ?? "";
  const page = await followEmailLink(
    { db: services.db, secret: services.account.accessLinkSecret, now: services.account.now },
    { messageId: params.message, signature: params.signature, to },
  );
  return redirect(page ?? "/", { headers: { "cache-control": "no-store", "referrer-policy": "no-referrer" } });
}
