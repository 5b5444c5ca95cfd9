import {
  changeOfferSettings,
  changePricePlan,
  getOfferSettings,
  listPricePlans,
} from "@kinderready/domain/console/offer-settings.server";
import { currencyCodes } from "@kinderready/domain/pricing/currency";
import { offerTimerBounds } from "@kinderready/domain/pricing/offer-timer.server";
import { splitGroups } from "@kinderready/domain/pricing/price-catalogue";
import { toPricePlan } from "@kinderready/domain/pricing/price-config.server";
import { data } from "react-router";
import { z } from "zod";
import { requestContext } from "#load-context";
import { failedChange } from "../../../console/failed-change.server.ts";
import { requireOperatorChange } from "../../../console/operator-guard.server.ts";
import { toOfferPlan } from "../../purchase/offer-plan.ts";
import type { Route } from "./+types/console-offer";

// Server side of the offer's configuration (/admin/offer/): the price catalogue, the upsell's
// display and the countdown, a preview of one plan; changes to prices and settings.

const previewSchema = z.object({
  currency: z.enum(currencyCodes).catch("USD"),
  group: z.enum(splitGroups).catch("A"),
  variant: z.enum(["initial", "expired"]).catch("initial"),
});

export async function loadConsoleOffer({ request, context }: Route.LoaderArgs) {
  const { services, config } = context.get(requestContext);
  const preview = previewSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [plans, settings] = [
    await listPricePlans(services),
    await getOfferSettings(services, config.offerTimerTimeout),
  ];
  const previewRow = plans.find(
    (row) =>
      row.kind === "subscription" &&
      row.currency === preview.currency &&
      row.splitGroup === preview.group &&
      row.variant === preview.variant,
  );
  return {
    plans,
    settings,
    timerBounds: offerTimerBounds,
    preview,
    previewPlan: previewRow ? toOfferPlan(toPricePlan(previewRow)) : null,
  };
}

const changeSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("price"),
    id: z.string(),
    amount: z.string(),
    oldAmount: z.string().optional(),
    renewalAmount: z.string().optional(),
  }),
  z.object({ intent: z.literal("settings"), upsellDisplayMode: z.string(), offerTimerSeconds: z.string() }),
]);

export type OfferActionResult =
  | { ok: true; intent: string; planId: string | null }
  | { ok: false; field: string; messageKey: string; planId: string | null };

export async function handleConsoleOfferAction(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const operator = requireOperatorChange(args, form);
  const { services, config, errors } = args.context.get(requestContext);
  const parsed = changeSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return data<OfferActionResult>(
      { ok: false, field: String(issue?.path[0] ?? "intent"), messageKey: "errors.forbidden", planId: null },
      { status: 400 },
    );
  }
  const change = parsed.data;
  const planId = change.intent === "price" ? change.id : null;
  try {
    if (change.intent === "price") {
      const { intent: _, ...prices } = change;
      await changePricePlan(services, {
        operatorId: operator.id,
        change: prices,
        now: new Date(),
      });
    } else {
      await changeOfferSettings(services, {
        operatorId: operator.id,
        settings: change,
        timerFallback: config.offerTimerTimeout,
        now: new Date(),
      });
    }
    return data<OfferActionResult>({ ok: true, intent: change.intent, planId });
  } catch (error) {
    return failedChange(error, { errors, intent: change.intent, extra: { planId } });
  }
}
