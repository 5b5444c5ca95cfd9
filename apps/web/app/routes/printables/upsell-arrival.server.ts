import type { UpsellStage } from "@kinderready/domain/pricing/offer-rules";
import { getUpsellStatus } from "@kinderready/domain/upsell/upsell.server";
import { upsellTypes } from "@kinderready/domain/upsell/upsell-schema";
import { upsellReturnTypeParam, upsellStoreName } from "@kinderready/domain/upsell-wire";
import { z } from "zod";
import type { RequestContext } from "#load-context";
import { readCookie } from "../../cookies.ts";
import { orderStatusOnLoad } from "../../payments/order-status.server.ts";
import type { OrderStatus } from "../../payments/payment-result.ts";
import { storeCookieName, storeKey } from "../../stores/persistence.ts";
import { initialUpsellState, type UpsellState } from "../../stores/upsell-store.ts";
import { upsellOnArrival, upsellOwner } from "./upsell-modal.ts";

// The upsell as the printables page's loader finds it: a parent back from buying one, and the
// popup as this browser saved it.

/**
 * A parent back from buying an upsell (on the gateway's page, or with one click posted by a plain
 * form): the order to ask about, and what it was for.
 */
const returningQuery = z.object({ order_id: z.string().min(1).max(255), [upsellReturnTypeParam]: z.enum(upsellTypes) });

/** The order a parent came back with, its status not yet asked; undefined for anyone else. */
export function upsellReturning(url: URL) {
  const back = returningQuery.safeParse(Object.fromEntries(url.searchParams));
  return back.success
    ? { orderId: back.data.order_id, type: back.data[upsellReturnTypeParam], status: null as OrderStatus | null }
    : undefined;
}

/**
 * How the upsell went as of this load, asked before what is owned is read: the page shows it
 * before (or without) its scripts.
 */
export async function withStatusOnLoad<T extends { orderId: string }>(
  visit: Pick<RequestContext, "errors" | "services">,
  input: { userToken: string },
  returning: T,
): Promise<T & { status: OrderStatus | null }> {
  const { orderId } = returning;
  const status = await orderStatusOnLoad(visit.errors, "upsell status on load failed", () =>
    getUpsellStatus(visit.services.payments, { ...input, orderId }),
  );
  return { ...returning, status };
}

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

/** The popup as the browser will show it on arrival, so it is part of the first paint. */
export function popupOnArrival(request: Request, url: URL, returning: boolean, stage: UpsellStage) {
  const { isOpen, formKey } = upsellOnArrival(
    savedUpsellState(request),
    upsellOwner(url.searchParams.get("token") ?? undefined),
    returning,
    stage,
  );
  return { isOpen, formKey };
}
