import { contactRequestSchema } from "@kinderready/domain/profile/profile-schema";
import { submitSupportRequest } from "@kinderready/domain/profile/support-requests.server";
import { localeFromPath } from "@kinderready/i18n/locales";
import { data } from "react-router";
import { requestContext } from "#load-context";
import { failedAction } from "../../action-failure.server.ts";
import { formText } from "../../post-body.server.ts";
import { sessionParent } from "../../session/parent-session.server.ts";
import type { Route } from "./+types/contact";

// The contact form (/contact/): a signed-in parent finds their email filled in; the message goes
// to support by email through the outbox.

export async function loadContact({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const signedIn = await sessionParent(request, services);
  return { email: signedIn?.parent.email ?? "" };
}

type ContactValues = { name: string; email: string; message: string };

/** A refusal carries what was typed back: posted before the scripts loaded, the form starts from it. */
export type ContactActionResult =
  | { ok: true; email: string }
  | {
      ok: false;
      fields: Partial<Record<keyof ContactValues, true>>;
      errorKey?: string;
      values: ContactValues;
    };

export async function sendContactMessage({ request, url, context }: Route.ActionArgs) {
  const { services, clientAddress, errors } = context.get(requestContext);
  const form = await request.formData();
  const text = (name: string) => formText(form, name);
  const values: ContactValues = { name: text("name"), email: text("email"), message: text("message") };
  const parsed = contactRequestSchema.safeParse(values);
  if (!parsed.success) {
    const fields = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), true]));
    return data<ContactActionResult>({ ok: false, fields, values }, { status: 400 });
  }
  const parent = (await sessionParent(request, services))?.parent;
  try {
    await submitSupportRequest(services.account, {
      request: parsed.data,
      locale: localeFromPath(url.pathname),
      userId: parent?.id,
      clientAddress,
    });
    return { ok: true, email: parsed.data.email } satisfies ContactActionResult;
  } catch (error) {
    return failedAction(error, {
      errors,
      msg: "contact message failed",
      userId: parent?.id,
      fallbackKey: "profile.errors.internal",
      answer: (errorKey): ContactActionResult => ({ ok: false, fields: {}, errorKey, values }),
    });
  }
}
