import { adConsentChoices } from "@kinderready/domain/consent/ad-consent";
import { recordAdConsent } from "@kinderready/domain/consent/record-ad-consent.server";
import { findParent } from "@kinderready/domain/parents/find-parent.server";
import { data, redirect } from "react-router";
import { z } from "zod";
import { requestContext } from "#load-context";
import { adConsentSetCookie } from "../consent/ad-consent-cookie.ts";
import { secureCookiesFor } from "../cookies.ts";
import { readPostBody, refusedField } from "../post-body.server.ts";
import { parentToken } from "../profile/parent-session.server.ts";
import type { Route } from "./+types/ad-consent";

const base = "http://localhost";

/** A path of this site with its query: where the banner was, and the only place to go back to. */
const pagePath = z
  .string()
  .max(2048)
  .refine((path) => path.startsWith("/") && new URL(path, base).origin === base, "not a path of this site");

const choiceBody = z.object({ choice: z.enum(adConsentChoices), return: pagePath });

/**
 * The consent banner's buttons as a plain form, for a tap made before the page's scripts ran
 * (or without them): the choice kept in this browser, on the parent's record when the page
 * knew the parent, and the same page shown again, now without the banner.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { config, services } = context.get(requestContext);
  const body = choiceBody.safeParse((await readPostBody(request)).fields);
  if (!body.success) return data({ error: "invalid_field", field: refusedField(body.error) }, { status: 400 });
  const { choice, return: back } = body.data;
  const backUrl = new URL(back, base);
  const token = await parentToken(request, backUrl, services);
  const parent = token ? await findParent(services.db, { token }) : undefined;
  if (parent) await recordAdConsent(services.db, { userId: parent.id, consent: choice, now: services.account.now() });
  return redirect(`${backUrl.pathname}${backUrl.search}`, {
    status: 303,
    headers: { "set-cookie": adConsentSetCookie(choice, secureCookiesFor(config.appUrl)) },
  });
}
