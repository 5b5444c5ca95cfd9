import {
  cancelSubscriptionByOperator,
  getCustomer,
  operatorCancelSchema,
  refundCancelsByDefault,
  refundCustomerOrder,
  refundPolicyDays,
  resendCustomerAccessLink,
  setManualAccess,
  subscriptionRenews,
} from "@kinderready/domain/console/customer-admin.server";
import { enqueueEmail } from "@kinderready/domain/email/email-queue.server";
import { data } from "react-router";
import { z } from "zod";
import { requestContext } from "#load-context";
import { failedChange } from "../../../console/failed-change.server.ts";
import { requireOperatorChange } from "../../../console/operator-guard.server.ts";
import type { Route } from "./+types/console-customer";

// Server side of one parent's page (/admin/customers/{id}/): what the console knows of them;
// refunds, cancelling renewals, manual access and a new sign-in link.

export async function loadConsoleCustomer({ params, context, url }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const detail = await getCustomer(services, { userId: params.userId, now: new Date() });
  if (!detail) throw data({ error: "not-found" }, { status: 404 });
  // ?refund={order}: the refund's second step, a page of its own so it works without scripts.
  const refundOf = url.searchParams.get("refund");
  const charge = detail.charges.find((each) => each.orderId === refundOf && each.refundableUntil);
  const refundConfirmation = charge
    ? {
        charge,
        subscriptionRenews: subscriptionRenews(detail.subscription),
        cancelByDefault: refundCancelsByDefault(charge, detail.subscription),
      }
    : null;
  return { detail, refundPolicyDays, refundConfirmation };
}

const changeSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("refund"),
    orderId: z.string().min(1).max(100),
    // A checkbox: sent as "on" when ticked, absent when not.
    cancelSubscription: z
      .literal("on")
      .optional()
      .transform((value) => value === "on"),
  }),
  z.object({ intent: z.literal("cancel"), ...operatorCancelSchema.shape }),
  z.object({ intent: z.literal("access"), granted: z.enum(["true", "false"]).transform((value) => value === "true") }),
  z.object({ intent: z.literal("link") }),
]);

/** `messageKey` on success when the outcome says more than the intent's done message. */
export type CustomerActionResult =
  | { ok: true; intent: string; messageKey?: string }
  | { ok: false; field: string; messageKey: string };

export async function handleConsoleCustomerAction(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const operator = requireOperatorChange(args, form);
  const { services, errors } = args.context.get(requestContext);
  const parsed = changeSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return data<CustomerActionResult>(
      { ok: false, field: String(issue?.path[0] ?? "intent"), messageKey: "customers.errors.invalid" },
      { status: 400 },
    );
  }
  const change = parsed.data;
  const by = { operatorId: operator.id, userId: args.params.userId };
  try {
    if (change.intent === "refund") {
      const outcome = await refundCustomerOrder(services.payments, {
        ...by,
        orderId: change.orderId,
        cancelSubscription: change.cancelSubscription,
      });
      if (outcome.cancel === "failed") {
        errors.report(outcome.cancelError, { msg: "cancel after a refund failed" });
        return data<CustomerActionResult>(
          { ok: false, field: "subscription", messageKey: "customers.refundCancelFailed" },
          { status: 500 },
        );
      }
      if (outcome.confirmationId) await enqueueEmail(services.emails, outcome.confirmationId);
      if (outcome.cancel === "cancelled") {
        return data<CustomerActionResult>({ ok: true, intent: "refund", messageKey: "customers.refundCancelled" });
      }
    } else if (change.intent === "cancel") {
      const { confirmationId } = await cancelSubscriptionByOperator(services, {
        ...by,
        reason: change.reason,
        comment: change.comment,
        now: new Date(),
      });
      if (confirmationId) await enqueueEmail(services.emails, confirmationId);
    } else if (change.intent === "access") {
      await setManualAccess(services, { ...by, granted: change.granted, now: new Date() });
    } else {
      await resendCustomerAccessLink(services.account, by);
    }
    return data<CustomerActionResult>({ ok: true, intent: change.intent });
  } catch (error) {
    return failedChange(error, { errors, intent: change.intent, extra: {} });
  }
}
