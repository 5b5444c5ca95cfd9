import { isUnsubscribeCode, unsubscribeFromMarketing } from "@kinderready/domain/email/unsubscribe.server";
import { localeFromPath } from "@kinderready/i18n/locales";
import { data } from "react-router";
import { requestContext } from "#load-context";
import type { Route } from "./+types/unsubscribe";

// /unsubscribe/?code=…, the link under every marketing email and the address its
// List-Unsubscribe header names. Opening it changes nothing (mail scanners open links); the page's
// button posts, and so does a mail client's one-click button (RFC 8058: a form body
// "List-Unsubscribe=One-Click", no cookies, no page).

type Args = Pick<Route.ActionArgs, "request" | "url" | "context">;

export function loadUnsubscribePage({ url, context }: Pick<Route.LoaderArgs, "url" | "context">) {
  const { services } = context.get(requestContext);
  return {
    valid: isUnsubscribeCode(services.account.accessLinkSecret, url.searchParams.get("code") ?? ""),
    locale: localeFromPath(url.pathname),
  };
}

export type UnsubscribeResult = { unsubscribed: boolean };

export async function unsubscribe({ request, url, context }: Args) {
  const { services } = context.get(requestContext);
  const form = await request.formData();
  const done = await unsubscribeFromMarketing(services.account, {
    code: url.searchParams.get("code") ?? "",
    via: form.get("List-Unsubscribe") === "One-Click" ? "one-click" : "email-link",
  });
  return data<UnsubscribeResult>({ unsubscribed: done }, { status: done ? 200 : 400 });
}
