import { adConsentChoices } from "@kinderready/domain/consent/ad-consent";
import { recordAdConsent } from "@kinderready/domain/consent/record-ad-consent.server";
import { data, type RouterContextProvider, redirect } from "react-router";
import { z } from "zod";
import { requestContext } from "#load-context";
import { secureCookiesFor } from "../cookies.ts";
import { isFormBody, refusedField } from "../post-body.server.ts";
import { sessionParent } from "../session/parent-session.server.ts";
import { adConsentField, adConsentSetCookie } from "./ad-consent-cookie.ts";

const choiceBody = z.object({ [adConsentField]: z.enum(adConsentChoices) });

/**
 * The consent banner's buttons posted as a plain form, before the page's scripts ran (or
 * without them). The banner's form has no address of its own, so the browser posts it to the
 * page it is on, query and all, and the page's document never holds its query. Answered here,
 * ahead of the page's action: the choice kept in this browser, on the record of the parent
 * signed in on this device (never for a token in the address: a link does not change the
 * account), and the same page shown again (303), now without the banner. The banner's scripts
 * post the same form.
 * Undefined for any other request.
 */
export async function answerAdConsentChoice({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}): Promise<Response | undefined> {
  if (request.method !== "POST" || !isFormBody(request)) return undefined;
  // The page's action reads the body too when the post is not the banner's.
  const form = await request
    .clone()
    .formData()
    .catch(() => undefined);
  if (!form?.has(adConsentField)) return undefined;
  const body = choiceBody.safeParse(Object.fromEntries(form));
  if (!body.success) throw data({ error: "invalid_field", field: refusedField(body.error) }, { status: 400 });
  const choice = body.data[adConsentField];
  const { config, services } = context.get(requestContext);
  const url = new URL(request.url);
  const signedIn = await sessionParent(request, services);
  if (signedIn) {
    await recordAdConsent(services, { userId: signedIn.parent.id, consent: choice, now: services.account.now() });
  }
  return redirect(`${url.pathname}${url.search}`, {
    status: 303,
    headers: { "set-cookie": adConsentSetCookie(choice, secureCookiesFor(config.appUrl)) },
  });
}
