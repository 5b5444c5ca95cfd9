import { apiKeyFor } from "@kinderready/config/config.server";

/**
 * A parent as the benchmarks and fault scripts drive one through the JSON API: quiz answers
 * and email, checkout, the simulator's hosted page with a test card, the order's status.
 */

/** The API's key, derived from the bench server's API_SECRET (bench-server.ts). */
export const apiKey = apiKeyFor("local-development-secret");
export const approvedCard = "4067429974719265";

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export type ApiAnswer = { status: number; ms: number; json: Record<string, unknown>; error?: string };

/** One JSON API call as a parent's browser makes it; a transport failure is status 0. */
export async function callApi(baseUrl: string, path: string, body: object, timeoutMs = 60_000): Promise<ApiAnswer> {
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}/api/v1${path}`, {
      method: "POST",
      headers: { "x-api-key": apiKey, "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {}
    return { status: response.status, ms: performance.now() - started, json };
  } catch (error) {
    return { status: 0, ms: performance.now() - started, json: {}, error: String(error) };
  }
}

/** A parent who has taken the quiz and left an email (country US: prices in USD). */
export async function registerParent(baseUrl: string, token: string) {
  const answer = await callApi(baseUrl, "/onboarding", {
    kid: { name: "Emma", years: { text: "5", value: 5 } },
    email: `${token.toLowerCase()}@example.com`,
    questions: [{ id: "ty", answer: "soon" }],
    isForbiddenToMailing: true,
    user_token: token,
    purchasePathByFlow: "/purchase/",
    product: "kinderready",
    locale: "en",
    country_code: "US",
  });
  if (answer.status >= 300) throw new Error(`onboarding failed: ${answer.status} ${JSON.stringify(answer.json)}`);
  return { token, email: `${token.toLowerCase()}@example.com` };
}

export const checkout = (baseUrl: string, token: string) =>
  callApi(baseUrl, "/purchase/checkout", {
    user_token: token,
    product: "kinderready",
    flow: "main",
    country_code: "us",
    locale: "en",
    return_url: `${baseUrl}/purchase/?token=${token}`,
  });

export const orderStatus = (baseUrl: string, token: string, orderId: string) =>
  callApi(baseUrl, "/purchase/order-status", { user_token: token, order_id: orderId });

/** Types a card on the gateway's hosted page; answers where the gateway sends the parent. */
export async function payOnHostedPage(pageUrl: string, card = approvedCard): Promise<string> {
  const response = await fetch(pageUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ method: "card", number: card, expiry: "12/39", cvv: "123" }).toString(),
    redirect: "manual",
  });
  if (response.status !== 303) throw new Error(`the hosted page answered ${response.status}`);
  return response.headers.get("location") ?? "";
}

/** A first payment that goes through: checkout, the hosted page, back to the offer until approved. */
export async function payFirstPayment(baseUrl: string, token: string): Promise<string> {
  const started = await checkout(baseUrl, token);
  const orderId = String(started.json.order_id);
  if (started.status !== 200) throw new Error(`checkout failed: ${started.status} ${JSON.stringify(started.json)}`);
  await payOnHostedPage(String(started.json.redirect_url));
  for (let poll = 0; poll < 40; poll += 1) {
    const result = await orderStatus(baseUrl, token, orderId);
    if (result.json.status === "approved") return orderId;
    await sleep(250);
  }
  throw new Error(`first payment ${orderId} did not settle`);
}
