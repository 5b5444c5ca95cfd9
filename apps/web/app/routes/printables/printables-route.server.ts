import type { AppServices } from "@kinderready/domain/app-services";
import { withdrawalRightApplies } from "@kinderready/domain/consent/withdrawal-right";
import type { ErrorReporter } from "@kinderready/domain/error-reporting/error-reporter";
import { failureCode } from "@kinderready/domain/known-failure";
import { getOnboardingStatus } from "@kinderready/domain/onboarding/onboarding.server";
import { findParent } from "@kinderready/domain/parents/find-parent.server";
import { userTokenSchema } from "@kinderready/domain/parents/parent-token";
import { type UpsellStage, upsellDecisions, upsellVariants } from "@kinderready/domain/pricing/offer-rules";
import { choosePaper, getPrintables, recordItemCompletion } from "@kinderready/domain/printables/printables.server";
import { printablesQuery } from "@kinderready/domain/printables/printables-schema";
import { soldProduct } from "@kinderready/domain/product";
import { subscriptionOf } from "@kinderready/domain/profile/profile.server";
import { getReviewState, reviewInvitation, submitReview } from "@kinderready/domain/reviews/reviews.server";
import {
  buyUpsell,
  decideUpsellOffer,
  getUpsellDisplayMode,
  getUpsellOffer,
  getUpsellStatus,
  recordUpsellConversion,
  startUpsellCheckout,
} from "@kinderready/domain/upsell/upsell.server";
import { upsellTypes } from "@kinderready/domain/upsell/upsell-schema";
import { upsellReturnTypeParam, upsellStoreName } from "@kinderready/domain/upsell-wire";
import { localeFromPath, localizePath } from "@kinderready/i18n/locales";
import { data, redirect } from "react-router";
import { z } from "zod";
import { requestContext } from "#load-context";
import { classifyFailure, failedAction } from "../../action-failure.server.ts";
import { recordFunnelSighting } from "../../analytics/funnel-sighting.server.ts";
import { readCookie } from "../../cookies.ts";
import { orderStatusOnLoad, toOrderStatus } from "../../payments/order-status.server.ts";
import type { OrderStatus } from "../../payments/payment-result.ts";
import { writePrices } from "../../payments/price-texts.tsx";
import { readPostBody, refusedField } from "../../post-body.server.ts";
import { parentToken, payingSession, verifiedParent } from "../../session/parent-session.server.ts";
import { storeCookieName, storeKey } from "../../stores/persistence.ts";
import { initialUpsellState, type UpsellState } from "../../stores/upsell-store.ts";
import type { Route } from "./+types/printables";
import { type ReviewActionResult, rewriteReviewParam, type SentReview } from "./review-result.ts";
import { upsellOnArrival, upsellOwner } from "./upsell-modal.ts";
import type { CompleteActionResult, UpsellActionResult } from "./upsell-result.ts";

// Server side of the printables page: the kit (levels, one of them or one pack with its items),
// the upsell offer on load, then the page's posts (mark an item done; buy with one click, ask
// how it went, report the conversion).

/**
 * A parent back from buying an upsell (on the gateway's page, or with one click posted by a plain
 * form): the order to ask about, and what it was for.
 */
const returningQuery = z.object({ order_id: z.string().min(1).max(255), [upsellReturnTypeParam]: z.enum(upsellTypes) });

/** Which level (or add-on pack) shows its items; the rest show as summaries. */
const openQuery = z.union([
  z.object({ pack: z.string().regex(/^[a-z0-9-]{1,60}$/) }),
  z.object({ level: z.coerce.number().int().min(0).max(5) }),
]);

/** The upsell popup's state as this browser saved it (its cookie), the way the store writes it. */
const savedUpsell = z.object({
  state: z.object({
    isOpen: z.boolean(),
    canOpen: z.boolean(),
    formKey: z.enum(["initial", "catchy"]),
    succeeded: z.array(z.enum(upsellTypes)).max(upsellTypes.length),
    owner: z.string().max(16).optional(),
  }),
});

function savedUpsellState(request: Request): UpsellState {
  const raw = readCookie(request.headers.get("cookie"), storeCookieName(storeKey(upsellStoreName)));
  try {
    const saved = savedUpsell.safeParse(raw && JSON.parse(raw));
    // JSON drops an undefined owner; the store's shape names the key either way.
    return saved.success ? { ...saved.data.state, owner: saved.data.state.owner } : initialUpsellState;
  } catch {
    return initialUpsellState;
  }
}

export async function loadPrintables({ request, url, context }: Route.LoaderArgs) {
  const visit = context.get(requestContext);
  const { services } = visit;
  const token = userTokenSchema.safeParse(await parentToken(request, url, services));
  const back = returningQuery.safeParse(Object.fromEntries(url.searchParams));
  const returning = back.success
    ? { orderId: back.data.order_id, type: back.data[upsellReturnTypeParam], status: null as OrderStatus | null }
    : undefined;
  const locale = localeFromPath(url.pathname);
  // The popup as the browser will show it on arrival, so it is part of the first paint.
  const arrival = (stage: UpsellStage) => {
    const { isOpen, formKey } = upsellOnArrival(
      savedUpsellState(request),
      upsellOwner(url.searchParams.get("token") ?? undefined),
      returning !== undefined,
      stage,
    );
    return { isOpen, formKey };
  };
  if (!token.success) {
    const popup = arrival("initial");
    return {
      locale,
      access: false,
      pausedUntil: null,
      offer: undefined,
      mode: "POPUP" as const,
      returning,
      kit: undefined,
      popup,
      review: null,
      prices: writePrices(locale, []),
    };
  }
  // A token nobody has (the parent deleted their data) starts over: the quiz, not the printables.
  const parent = await findParent(services.db, { token: token.data });
  if (!parent) throw redirect(localizePath("/onboarding/", locale));
  const input = { userToken: token.data };
  const open = openQuery.safeParse(Object.fromEntries(url.searchParams));
  // The paper switch is a link (`?paper=letter`): the choice is kept for this parent's downloads.
  const paper = paperQuery.safeParse(url.searchParams.get("paper"));
  if (paper.success) await choosePaper(services.printables, { ...input, paper: paper.data });
  const region = languageRegion(request.headers.get("accept-language"));
  // How the upsell went as of this load, before what is owned is read: the page shows it before
  // (or without) its scripts.
  if (returning) {
    const { orderId } = returning;
    returning.status = await orderStatusOnLoad(visit.errors, "upsell status on load failed", () =>
      getUpsellStatus(services.payments, { ...input, orderId }),
    );
  }
  const [status, offer, mode, kit, reviewState, signedIn] = await Promise.all([
    getOnboardingStatus(services.db, { token: token.data }),
    getUpsellOffer(services.payments, input),
    getUpsellDisplayMode(services.db),
    loadKit(services, { ...input, locale, region, invoices: devInvoices(url) }, open.success ? open.data : undefined),
    getReviewState(services.account, { userId: parent.id }),
    verifiedParent(request, services, token.data),
  ]);
  // Asked once a level is finished (or a week after paying: the emailed request links here).
  const review = reviewInvitation(reviewState, {
    levelCompleted: kit?.core.some((level) => level.completed) ?? false,
    now: services.account.now(),
  });
  const access = status.purchased || status.isManualAccess;
  // A paused kit is closed until billing resumes: the page says until when, and how to resume.
  const paused = status.subscriptionStatus === "paused" ? await subscriptionOf(services.db, parent.id) : undefined;
  const popup = arrival(offer?.stage ?? "initial");
  // An upsell is in front of the parent on arrival: the popup opens, or the tabs show packs.
  const upsellShown = offer !== undefined && (mode === "TABS" || popup.isOpen);
  await recordFunnelSighting(visit, request, {
    steps: ["visit", ...(access ? ["printables"] : []), ...(upsellShown ? ["upsell-offer"] : [])],
    userId: parent.id,
  });
  return {
    locale,
    access,
    pausedUntil: paused?.resumesAt?.toISOString() ?? null,
    // One click charges the stored card: only a device that proved it is the parent's may.
    offer: offer && {
      ...offer,
      oneClick: signedIn !== undefined,
      withdrawalConsent: withdrawalRightApplies(visit.geo.countryCode),
    },
    mode,
    returning,
    kit,
    popup,
    review,
    prices: writePrices(locale, offer ? Object.values(offer.plans) : []),
  };
}

const paperQuery = z.enum(["a4", "letter"]);

/** The region of the browser's first language with one (`en-GB` → `GB`), to guess the paper. */
function languageRegion(header: string | null): string | undefined {
  for (const part of (header ?? "").split(",").slice(0, 6)) {
    const region = /^[a-z]{2,3}-([a-z]{2})\b/i.exec(part.trim())?.[1];
    if (region) return region.toUpperCase();
  }
  return undefined;
}

/** `printablesByInvoices=subscription,<upsellKind>` previews the area as if those were paid (the domain reads it on a developer's machine only). */
function devInvoices(url: URL) {
  const parsed = printablesQuery.shape.printablesByInvoices.safeParse(
    url.searchParams.get("printablesByInvoices") ?? undefined,
  );
  return parsed.success ? parsed.data : undefined;
}

/** The kit with one level's (or pack's) items: the current level unless the query names another. */
async function loadKit(
  services: AppServices,
  input: Parameters<typeof getPrintables>[1],
  open: { level: number } | { pack: string } | undefined,
) {
  try {
    const view = await getPrintables(services.printables, { ...input, expand: open ?? "current" });
    const group = view.printables[soldProduct];
    const shown = group?.core.find((level) => level.items.length > 0);
    return (
      group && {
        ...group,
        childName: view.child_name,
        paper: view.paper,
        week: view.week,
        months: view.months,
        nextMonth: view.next_month,
        open: open ?? (shown && { level: shown.number }),
      }
    );
  } catch (error) {
    // A parent without access to the kit (or an unknown token) sees the page without it.
    if (failureCode(error) !== undefined) return undefined;
    throw error;
  }
}

const actionBody = z.discriminatedUnion("intent", [
  // The page names what to buy and the price it showed; the offer's stage on the server prices it.
  // Where the right of withdrawal applies, the box asking for access at once comes with it.
  z.object({
    intent: z.literal("upsell"),
    recurringType: z.enum(upsellTypes),
    variant: z.enum(upsellVariants),
    immediate_access: z.literal("on").optional(),
  }),
  // "No, thanks" (the discount opens) or the discount closed (it ends).
  z.object({ intent: z.literal("upsell-decision"), decision: z.enum(upsellDecisions) }),
  z.object({ intent: z.literal("upsell-status"), order_id: z.string().min(1).max(255) }),
  // The same, with the parent on the gateway's page (the bank wants them present).
  z.object({
    intent: z.literal("upsell-checkout"),
    recurringType: z.enum(upsellTypes),
    variant: z.enum(upsellVariants),
    immediate_access: z.literal("on").optional(),
  }),
  z.object({ intent: z.literal("trigger-upsell") }),
  // From the page's scripts, or its form's fields ("true"/"false").
  z.object({
    intent: z.literal("complete"),
    itemId: z.string().min(1).max(80),
    done: z.union([z.boolean(), z.enum(["true", "false"]).transform((value) => value === "true")]),
    tooHard: z.union([z.boolean(), z.enum(["true", "false"]).transform((value) => value === "true")]).optional(),
  }),
  // The review's own rules (lengths, letters) are the domain's, answered field by field.
  z.object({
    intent: z.literal("review"),
    // A number from the scripts, its digit from a plain form.
    rating: z.union([z.number(), z.string().max(2).transform(Number)]),
    text: z.string().max(5000),
    firstName: z.string().max(500),
  }),
]);

const notCreated = { intent: "upsell", error: { messageKey: "upsell.errors.notCreated" } } as const;

export async function handlePrintablesAction({ request, url, context }: Route.ActionArgs) {
  const { services, config, errors, clientAddress, geo } = context.get(requestContext);
  const post = await readPostBody(request);
  const body = actionBody.safeParse(post.fields);
  const token = userTokenSchema.safeParse(await parentToken(request, url, services));
  if (!body.success || !token.success) {
    const field = body.success ? "token" : refusedField(body.error);
    return data<UpsellActionResult>({ ...notCreated, error: { ...notCreated.error, field } }, { status: 400 });
  }
  const input = { userToken: token.data };
  const locale = localeFromPath(url.pathname);
  // A plain form's post comes back to this page (the order it made in the address, for its
  // status), or leaves for the gateway's; the scripts are answered the data itself.
  const backHere = (query: Record<string, string> = {}) => {
    const here = new URLSearchParams({ token: token.data, ...query });
    return redirect(`${localizePath("/printables/", locale)}?${here}`, 303);
  };

  if (body.data.intent === "complete") {
    const { itemId, done, tooHard } = body.data;
    const answer = await completeItem(services, errors, { ...input, itemId, done, tooHard });
    // A plain form's tap comes back to the page it was made on, which shows the item as recorded.
    return post.native ? redirect(`${url.pathname}${url.search}`, 303) : answer;
  }
  if (body.data.intent === "review") {
    const { intent: _, ...review } = body.data;
    // A plain form's review, kept, comes back to the card on the page it was written on, shown
    // rather than open for writing again.
    const back = new URL(url);
    back.searchParams.delete(rewriteReviewParam);
    const plainForm = post.native ? { back: `${back.pathname}${back.search}#review`, sent: review } : undefined;
    return sendReview(services, errors, { ...input, locale: localeFromPath(url.pathname), review }, plainForm);
  }

  try {
    if (body.data.intent === "upsell-status") {
      const result = await getUpsellStatus(services.payments, { ...input, orderId: body.data.order_id });
      return { intent: "upsell-status", ...toOrderStatus(result) } satisfies UpsellActionResult;
    }
    if (body.data.intent === "upsell-decision") {
      const stage = await decideUpsellOffer(services.payments, { ...input, decision: body.data.decision });
      if (post.native) return backHere();
      return { intent: "upsell-decision", stage } satisfies UpsellActionResult;
    }
    if (body.data.intent === "trigger-upsell") {
      return {
        intent: "trigger-upsell",
        ...(await recordUpsellConversion(services.payments, {
          ...input,
          client: { ip: clientAddress, userAgent: request.headers.get("user-agent") },
        })),
      } satisfies UpsellActionResult;
    }
    if (body.data.intent === "upsell-checkout") {
      const returnUrl = new URL(localizePath("/printables/", locale), config.appUrl);
      returnUrl.searchParams.set("token", token.data);
      returnUrl.searchParams.set(upsellReturnTypeParam, body.data.recurringType);
      const paying = payingSession(request, services, token.data, { firstPayment: false });
      const { redirectUrl } = await startUpsellCheckout(services.payments, {
        ...input,
        recurringType: body.data.recurringType,
        shown: body.data.variant,
        countryCode: geo.countryCode,
        immediateAccessConsent: body.data.immediate_access === "on",
        locale,
        returnUrl: returnUrl.toString(),
        payingSession: paying.digest,
      });
      if (post.native) return redirect(redirectUrl, { status: 303 });
      return { intent: "upsell-checkout", redirectUrl } satisfies UpsellActionResult;
    }
    // One click charges the stored card without it being typed again: a link is not enough, it
    // takes this device's verified session of the parent (the page offers the gateway's page or
    // an emailed sign-in instead).
    if (!(await verifiedParent(request, services, token.data))) {
      return data<UpsellActionResult>(
        { intent: "upsell", error: { messageKey: "upsell.errors.signInFirst", field: "session" } },
        { status: 403 },
      );
    }
    const { orderId } = await buyUpsell(services.payments, {
      ...input,
      recurringType: body.data.recurringType,
      shown: body.data.variant,
      countryCode: geo.countryCode,
      immediateAccessConsent: body.data.immediate_access === "on",
    });
    if (post.native) return backHere({ order_id: orderId, [upsellReturnTypeParam]: body.data.recurringType });
    return { intent: "upsell", orderId } satisfies UpsellActionResult;
  } catch (error) {
    // The report is the analytics' concern: a failure is logged, and the page goes on (and reloads).
    if (body.data.intent === "trigger-upsell") {
      classifyFailure(error, { errors, msg: "trigger-upsell failed" });
      return { intent: "trigger-upsell", recorded: false } satisfies UpsellActionResult;
    }
    // A status check that failed is asked again: someone else's order is simply not theirs.
    if (body.data.intent === "upsell-status") {
      const pending = { intent: "upsell-status", status: "pending", errorCode: null } as const;
      const known = classifyFailure(error, { errors, msg: "upsell-status failed" });
      if (known && known.status < 500) {
        return data<UpsellActionResult>({ ...pending, status: "declined" }, { status: 404 });
      }
      return pending satisfies UpsellActionResult;
    }
    // A purchase (or an answer to the offer) that failed was not made.
    return failedAction(error, {
      errors,
      msg: `${body.data.intent} failed`,
      fallbackKey: "upsell.errors.notCreated",
      answer: (messageKey): UpsellActionResult => ({ intent: "upsell", error: { messageKey } }),
    });
  }
}

async function completeItem(
  services: AppServices,
  errors: ErrorReporter,
  input: Parameters<typeof recordItemCompletion>[1],
) {
  try {
    const result = await recordItemCompletion(services.printables, input);
    return {
      intent: "complete",
      itemId: result.item_id,
      done: result.done,
      tooHard: result.too_hard,
      levelCompleted: result.level_completed,
    } satisfies CompleteActionResult;
  } catch (error) {
    // The tick goes back to what it was.
    return failedAction(error, {
      errors,
      msg: "complete failed",
      fallbackKey: "printables.completeError",
      answer: (messageKey): CompleteActionResult => ({
        intent: "complete",
        itemId: input.itemId,
        done: !input.done,
        tooHard: false,
        levelCompleted: false,
        error: messageKey,
      }),
    });
  }
}

/**
 * Sends the review. To a plain form a kept review is a redirect to the page it was written on,
 * and a refused one carries what was sent, for the form drawn again.
 */
async function sendReview(
  services: AppServices,
  errors: ErrorReporter,
  input: Parameters<typeof submitReview>[1],
  plainForm: { back: string; sent: SentReview } | undefined,
) {
  try {
    const review = await submitReview(services.account, input);
    if (plainForm) return redirect(plainForm.back, 303);
    return { intent: "review", review } satisfies ReviewActionResult;
  } catch (error) {
    return failedAction(error, {
      errors,
      msg: "review failed",
      fallbackKey: "reviews.errors.notSaved",
      answer: (messageKey, { field }): ReviewActionResult => ({
        intent: "review",
        error: { field, messageKey },
        ...(plainForm && { sent: plainForm.sent }),
      }),
    });
  }
}
