import { GatewayError, GatewayUnavailableError, type PaymentGateway } from "../payments/payment-gateway.ts";
import {
  signBody,
  solidgateErrorResponse,
  solidgateOrderResponse,
  solidgatePageResponse,
  toGatewayOrder,
} from "../payments/solidgate-protocol.ts";

export type SolidgateOptions = {
  publicKey: string;
  secretKey: string;
  /** `https://pay.solidgate.com/api/v1`, or the simulator's address. */
  payUrl: string;
  /** `https://payment-page.solidgate.com/api/v1`, or the simulator's address. */
  pageUrl: string;
  /** Give up on one call after this long; the caller asks for the status before retrying. */
  timeoutMs?: number;
};

/** The Solidgate adapter: signed JSON over HTTPS, byte for byte what the simulator verifies. */
export function createSolidgateGateway(options: SolidgateOptions): PaymentGateway {
  async function call(path: string, payload: object, baseUrl = options.payUrl): Promise<unknown> {
    const body = JSON.stringify(payload);
    let status: number;
    let text: string;
    try {
      const response = await fetch(`${baseUrl}/${path}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          merchant: options.publicKey,
          signature: signBody(options.publicKey, options.secretKey, body),
        },
        body,
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      throw new GatewayUnavailableError(`${path}: ${String(error)}`, { cause: error });
    }
    // A 5xx (often a load balancer's, after the gateway may have acted), a 429 (too many calls)
    // or a 408 (the gateway gave up reading) is no refusal: only another 4xx in the gateway's
    // own shape is, and only that may settle an order as declined.
    if (status >= 500 || status === 429 || status === 408) {
      throw new GatewayUnavailableError(`${path}: HTTP ${status}`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new GatewayUnavailableError(`${path}: HTTP ${status} without a JSON body`);
    }
    if (status >= 300) {
      const failure = solidgateErrorResponse.safeParse(json);
      const code = failure.success ? failure.data.error.code : "0.01";
      throw new GatewayError(code, failure.data?.error.messages?.join("; ") ?? `HTTP ${status}`, status);
    }
    return json;
  }
  const orderCall = async (path: string, payload: object) =>
    toGatewayOrder(solidgateOrderResponse.parse(await call(path, payload)));

  return {
    async createPaymentPage(input) {
      const page = await call(
        "init",
        {
          order: {
            order_id: input.orderId,
            amount: input.amount,
            currency: input.currency,
            order_description: input.description,
            customer_email: input.customerEmail,
            language: input.language,
            success_url: input.successUrl,
            fail_url: input.failUrl,
          },
          page_customization: { payment_methods: ["card", "paypal"] },
        },
        options.pageUrl,
      );
      return { url: solidgatePageResponse.parse(page).url };
    },
    chargeRecurring: (input) =>
      orderCall("recurring", {
        order_id: input.orderId,
        amount: input.amount,
        currency: input.currency,
        order_description: input.description,
        recurring_token: input.recurringToken,
      }),
    orderStatus: (orderId) => orderCall("status", { order_id: orderId }),
    refund: (input) =>
      orderCall("refund", { order_id: input.orderId, amount: input.amount, refund_reason_code: "0021" }),
  };
}
