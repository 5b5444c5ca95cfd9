import { recordAdConsent } from "@kinderready/domain/consent/record-ad-consent.server";
import { flows } from "@kinderready/domain/flows";
import { submitOnboardingForVisitor } from "@kinderready/domain/onboarding/onboarding.server";
import { normalizeEmail, onboardingBody } from "@kinderready/domain/onboarding/onboarding-schema";
import { purchaseRedirect } from "@kinderready/domain/onboarding/purchase-redirect";
import { createRandomToken } from "@kinderready/domain/random-token";
import { localeFromPath } from "@kinderready/i18n/locales";
import { redirect } from "react-router";
import { requestContext } from "#load-context";
import { recordFunnelSighting } from "../../analytics/funnel-sighting.server.ts";
import { readAdConsent } from "../../consent/ad-consent-cookie.ts";
import { sessionParent, signInCookie } from "../../session/parent-session.server.ts";
import type { Route } from "./+types/onboarding";
import { flowOf } from "./quiz-funnel.ts";

// The API's bodies name the product; the page's posts need not: the domain stores leads for the one sold.
const quizLead = onboardingBody.omit({ product: true });

/** Why a finished quiz was not stored: a field at fault, or a failure to classify. */
export type LeadNotStored = { invalid: { field: string; message: string | undefined } } | { failed: unknown };

/**
 * Stores a finished quiz and sends the parent on to the offer (a redirect, thrown); answers why
 * it was not stored otherwise. The server decides the flow, language, country and the account's
 * token; the browser only the answers. A new account's token is the server's own random one: a
 * token the browser names is taken only from the device signed in as that lead (the same parent
 * answering again), so nobody can choose a token, or plant one in another's browser, and then
 * hold the account made under it.
 */
export async function storeLead(
  { request, url, context }: Route.ActionArgs,
  lead: Record<string, unknown>,
  search: string,
): Promise<LeadNotStored> {
  const visit = context.get(requestContext);
  const { services, geo, clientAddress } = visit;
  const locale = localeFromPath(url.pathname);
  const { purchasePath } = flows[flowOf(url)];
  const signedIn = await sessionParent(request, services);
  // The device's own lead is answered again under its token. Its email changes only from a
  // device that proved it is the parent's: an unverified session (a device that only went to
  // pay) asking for another email makes a new lead, so it cannot move the account to an inbox
  // it reads and sign in from there.
  const sameEmail = typeof lead.email === "string" && signedIn?.parent.email === normalizeEmail(lead.email);
  const own =
    signedIn && signedIn.parent.token === lead.user_token && (signedIn.verified || sameEmail)
      ? signedIn.parent.token
      : undefined;
  // The device's first visit is the server's to name (its HttpOnly cookie), not the browser's.
  const tracking = typeof lead.tracking === "object" && lead.tracking !== null ? lead.tracking : {};
  const input = quizLead.safeParse({
    ...lead,
    tracking: { ...tracking, first_visit_id: visit.deviceId },
    user_token: own ?? createRandomToken(),
    purchasePathByFlow: purchasePath,
    locale,
    country_code: geo.countryCode,
    region: geo.region,
  });
  if (!input.success) {
    const issue = input.error.issues[0];
    return { invalid: { field: issue?.path.join(".") ?? "body", message: issue?.message } };
  }
  let submitted: Awaited<ReturnType<typeof submitOnboardingForVisitor>>;
  try {
    submitted = await submitOnboardingForVisitor(services, input.data, clientAddress, new Date());
  } catch (error) {
    return { failed: error };
  }
  // The browser whose post created the account is signed in (a same-site POST, so no other site
  // can sign a visitor into an account of its choosing), unverified: typing an email proves no
  // one owns it, so the session opens the parent's pages but spends nothing until the device
  // pays or uses an emailed link. A post that updated the device's own lead signs nobody in again.
  await recordFunnelSighting(visit, request, { steps: ["email-page", "email"], userId: submitted.userId });
  // The ads choice this device made before the account existed becomes the new parent's.
  const adConsent = readAdConsent(request.headers.get("cookie"));
  if (submitted.created && adConsent) {
    await recordAdConsent(services, { userId: submitted.userId, consent: adConsent, now: new Date() });
  }
  const next = purchaseRedirect({ purchasePath, locale, search, token: input.data.user_token });
  if (!submitted.created) throw redirect(next);
  throw redirect(next, { headers: await signInCookie(request, services, submitted.userId, false) });
}
