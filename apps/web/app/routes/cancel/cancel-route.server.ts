import { formatMoment } from "@kinderready/domain/email/subscription-emails.server";
import { cancellationNoticeSchema } from "@kinderready/domain/profile/profile-schema";
import { receiveCancellation } from "@kinderready/domain/profile/receive-cancellation.server";
import { localeFromPath } from "@kinderready/i18n/locales";
import { data } from "react-router";
import { requestContext } from "#load-context";
import { failedAction } from "../../action-failure.server.ts";
import { formText } from "../../post-body.server.ts";
import { sessionParent } from "../../session/parent-session.server.ts";
import type { Route } from "./+types/cancel";

// The public cancel page (/cancel/, the footer's "Cancel your subscription here"): a signed-in
// parent finds their address filled in; nobody needs to sign in.

export async function loadCancelPage({ request, context }: Pick<Route.LoaderArgs, "request" | "context">) {
  const { services } = context.get(requestContext);
  const signedIn = await sessionParent(request, services);
  return { email: signedIn?.parent.email ?? "", today: new Date().toISOString().slice(0, 10) };
}

export type CancelValues = { email: string; kind: string; reason: string; end: string; endDate: string };

/** A refusal carries what was typed back: posted before the scripts loaded, the form starts from it. */
export type CancelActionResult =
  | { ok: true; email: string; receivedAt: string }
  | { ok: false; fields: Partial<Record<keyof CancelValues, true>>; errorKey?: string; values: CancelValues };

export async function sendCancellation({
  request,
  url,
  context,
}: Pick<Route.ActionArgs, "request" | "url" | "context">) {
  const { services, clientAddress, errors } = context.get(requestContext);
  const form = await request.formData();
  const text = (name: string) => formText(form, name);
  const values: CancelValues = {
    email: text("email"),
    kind: text("kind"),
    reason: text("reason"),
    end: text("end") || "earliest",
    endDate: text("endDate"),
  };
  const parsed = cancellationNoticeSchema.safeParse({
    ...values,
    reason: values.reason || undefined,
    endDate: values.endDate || undefined,
  });
  if (!parsed.success) {
    const fields = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), true]));
    return data<CancelActionResult>({ ok: false, fields, values }, { status: 400 });
  }
  try {
    const { receivedAt } = await receiveCancellation(services.account, { notice: parsed.data, clientAddress });
    return {
      ok: true,
      email: parsed.data.email,
      receivedAt: formatMoment(localeFromPath(url.pathname), receivedAt),
    } satisfies CancelActionResult;
  } catch (error) {
    return failedAction(error, {
      errors,
      msg: "cancellation from the cancel page failed",
      fallbackKey: "profile.errors.internal",
      answer: (errorKey, failure): CancelActionResult => ({
        ok: false,
        fields: failure.field && failure.field in values ? { [failure.field]: true } : {},
        errorKey,
        values,
      }),
    });
  }
}
