import { majorUnits } from "@kinderready/domain/analytics/forwarding/forwarding-adapter.server";
import type { ErrorReporter } from "@kinderready/domain/error-reporting/error-reporter";
import { classifyFailure } from "../action-failure.server.ts";
import type { OrderStatus } from "./payment-result.ts";

/** A charge's status as the payments domain answers it (the first payment's or an upsell's). */
type ChargeStatus = {
  status: "pending" | "processing" | "approved" | "declined" | "duplicate" | "offer_ended";
  errorCode: string | null;
  paid?: { amount: number; currency: string } | undefined;
};

/**
 * A charge's status as the pages show it. The pixel's Purchase carries what the server's event
 * carries, in the same units.
 */
export function toOrderStatus({ status, errorCode, paid }: ChargeStatus): OrderStatus {
  return {
    status: status === "processing" ? "pending" : status,
    errorCode,
    ...(paid && { purchase: { value: majorUnits(paid.amount), currency: paid.currency } }),
  };
}

/**
 * A charge's status for the page a parent comes back to, asked as it loads so the page shows it
 * before (or without) its scripts: pending when the gateway did not answer (the page asks
 * again), declined for an order that is not this parent's.
 */
export async function orderStatusOnLoad(
  errors: ErrorReporter,
  msg: string,
  read: () => Promise<ChargeStatus>,
): Promise<OrderStatus> {
  try {
    return toOrderStatus(await read());
  } catch (error) {
    const known = classifyFailure(error, { errors, msg });
    return { status: known && known.status < 500 ? "declined" : "pending", errorCode: null };
  }
}
