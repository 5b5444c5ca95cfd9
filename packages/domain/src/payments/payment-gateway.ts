import type { OrderStatus } from "./solidgate-protocol.ts";

/** An order as the gateway reports it. Amounts in minor units. */
export type GatewayOrder = {
  orderId: string;
  status: OrderStatus;
  amount: number;
  currency: string;
  /** The decline code (e.g. "3.02") of a declined order. */
  errorCode?: string | undefined;
  /** Token for later merchant-initiated charges, from the first approved payment. */
  cardToken?: string | undefined;
};

/** A refusal before any order exists (bad signature, duplicate order id, unknown order). */
export class GatewayError extends Error {
  override name = "GatewayError";
  readonly code: string;
  readonly httpStatus: number;
  constructor(code: string, message: string, httpStatus: number) {
    super(message);
    this.code = code;
    this.httpStatus = httpStatus;
  }
}

/**
 * No usable answer: a time-out, a refused or dropped connection, a 5xx or a body that is not
 * the gateway's. Whether the gateway acted is unknown, so nothing is concluded from it: the
 * caller asks for the order's status later (reconciliation).
 */
export class GatewayUnavailableError extends Error {
  override name = "GatewayUnavailableError";
}

/** The gateway's hosted payment page for a first payment: the card is typed there, not on our pages. */
export type PaymentPageInput = {
  orderId: string;
  amount: number;
  currency: string;
  description: string;
  customerEmail: string;
  /** The page's language, one of the product's locales. */
  language: string;
  /** Where the parent returns after paying, or after the payment failed. */
  successUrl: string;
  failUrl: string;
};

/** The product's port to a payment gateway; adapters: Solidgate over HTTP (also to the simulator). */
export type PaymentGateway = {
  /** Creates the hosted page the parent pays the order on; answers its address. */
  createPaymentPage(input: PaymentPageInput): Promise<{ url: string }>;
  /** A merchant-initiated charge on a stored card token (upsells, renewals). */
  chargeRecurring(input: {
    orderId: string;
    amount: number;
    currency: string;
    description: string;
    recurringToken: string;
  }): Promise<GatewayOrder>;
  orderStatus(orderId: string): Promise<GatewayOrder>;
  refund(input: { orderId: string; amount: number }): Promise<GatewayOrder>;
};
