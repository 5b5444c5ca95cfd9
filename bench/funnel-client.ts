import { randomBytes, randomUUID } from "node:crypto";
import { apiKeyFor } from "@kinderready/config/config.server";
import { topicsOf } from "@kinderready/domain/onboarding/quiz-engine";
import { quizFlow } from "@kinderready/domain/onboarding/quiz-flow";

// One parent walking the funnel over HTTP as the browser does (bench/soak.ts runs many): the
// SSR pages, the pages' own actions (React Router's `<path>_.data` posts, answered in
// turbo-stream), the analytics beacons, the simulator's hosted payment form, the printables
// API and a signed PDF. Scripts and styles are left out: a browser caches them after the first
// page, and they are static files.

/** The API's key, derived from the bench server's API_SECRET (bench-server.ts). */
export const apiKey = apiKeyFor("local-development-secret");
/** The README's approved test card. */
const approvedCard = "4067 4299 7471 9265";
/** The offer page asks for the payment's status at once, then every second, 20 times. */
const statusPolls = 20;
const pollIntervalMs = 1000;
const requestTimeoutMs = 30_000;

export type Outcome = { ms: number; status: number; retryAfter: boolean; ok: boolean; error?: string };
export type Recorder = (step: string, outcome: Outcome) => void;

/** A failed step: the parent stops there, as a real one would be stuck. */
class StepFailed extends Error {
  /** Whether the request's own record already counts it as an error. */
  readonly recorded: boolean;
  constructor(message: string, recorded = false) {
    super(message);
    this.recorded = recorded;
  }
}

/**
 * React Router's single-fetch answers are turbo-stream: a flat array whose first entry is the
 * root and whose objects map `_<key index>` to value indices. Only the plain values page actions
 * return here are decoded (strings, numbers, booleans, null, objects, arrays).
 */
export function decodeTurboStream(text: string): unknown {
  const flat = JSON.parse(text.split("\n", 1)[0] ?? "") as unknown[];
  const decode = (index: number): unknown => {
    if (index === -7) return undefined;
    if (index === -5) return null;
    const value = flat[index];
    if (Array.isArray(value)) {
      if (typeof value[0] === "string") throw new Error(`turbo-stream type ${value[0]} is not decoded here`);
      return value.map((item) => decode(Number(item)));
    }
    if (value && typeof value === "object") {
      return Object.fromEntries(
        Object.entries(value).map(([key, valueIndex]) => [flat[Number(key.slice(1))], decode(Number(valueIndex))]),
      );
    }
    return value;
  };
  return decode(0);
}

type Answer = { status: number; headers: Headers; text: string };
type FunnelEvent = { name: string; properties?: Record<string, string> };

/** One parent's browser: its cookies (the device's among them), token, and the server it talks to. */
export class ParentClient {
  private readonly cookies = new Map<string, string>();
  readonly token = `soak-${randomBytes(12).toString("hex")}`;
  private readonly sessionId = Date.now();
  /**
   * The parent's own address, as the proxy in front of the site reports it (the server runs with
   * TRUST_PROXY): every parent on 127.0.0.1 would be one visitor to the per-address limits.
   */
  private readonly address = `10.${randomBytes(3).join(".")}`;

  private readonly baseUrl: string;
  private readonly record: Recorder;
  constructor(baseUrl: string, record: Recorder) {
    this.baseUrl = baseUrl;
    this.record = record;
  }

  /** One request, timed and recorded under `step`; throws StepFailed unless `expect` holds. */
  async request(
    step: string,
    url: string,
    init: { method?: string; headers?: Record<string, string>; body?: string } = {},
    expect: (answer: Answer) => boolean = (answer) => answer.status === 200,
  ): Promise<Answer> {
    const started = performance.now();
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    try {
      const response = await fetch(new URL(url, this.baseUrl), {
        method: init.method ?? "GET",
        headers: {
          "accept-language": "en",
          "x-forwarded-for": this.address,
          ...(cookie && { cookie }),
          ...init.headers,
        },
        body: init.body,
        redirect: "manual",
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
      const text = await response.text();
      for (const line of response.headers.getSetCookie()) {
        const [pair = ""] = line.split(";", 1);
        const at = pair.indexOf("=");
        if (at > 0) this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
      const answer = { status: response.status, headers: response.headers, text };
      const ok = expect(answer);
      this.record(step, {
        ms: performance.now() - started,
        status: response.status,
        retryAfter: response.headers.has("retry-after"),
        ok,
        ...(!ok && { error: `HTTP ${response.status} ${text.slice(0, 120)}` }),
      });
      if (!ok) throw new StepFailed(step, true);
      return answer;
    } catch (error) {
      if (error instanceof StepFailed) throw error;
      const name = error instanceof Error ? error.name : "Error";
      this.record(step, { ms: performance.now() - started, status: 0, retryAfter: false, ok: false, error: name });
      throw new StepFailed(step, true);
    }
  }

  /** The page's own action, as `useFetcher().submit(json)` posts it. */
  private async action(step: string, pagePath: string, body: object, expectStatus = 200) {
    const [path = "/", query] = pagePath.split("?", 2);
    const url = `${path}${path.endsWith("/") ? "_" : ""}.data${query ? `?${query}` : ""}`;
    const answer = await this.request(
      step,
      url,
      { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
      (reply) => reply.status === expectStatus,
    );
    return decodeTurboStream(answer.text) as Record<string, unknown>;
  }

  /** A batch of funnel events, as the analytics client sends at 30 queued and on page hide. */
  private async events(page: string, names: FunnelEvent[]) {
    const time = Date.now();
    await this.request(
      "analytics batch",
      "/api/v1/analytics/events",
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          user_token: this.token,
          session_id: this.sessionId,
          events: names.map((event, index) => ({ event_id: randomUUID(), time: time + index, page, ...event })),
        }),
      },
      (answer) => answer.status === 202,
    );
  }

  /** The quiz: its page, the visit beacon, the questions' events, the email check and the lead. */
  async walkQuiz(flow: "main" | "copy_1"): Promise<string> {
    const page = flow === "main" ? "/onboarding/" : "/quiz1/";
    await this.request("quiz page (SSR)", page);
    await this.request(
      "analytics visit",
      "/api/v1/analytics",
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ user_token: this.token, locale: "en", host: "127.0.0.1" }),
      },
      (answer) => answer.status === 202,
    );
    const questions = quizFlow
      .filter((quizPage) => "options" in quizPage)
      .map((quizPage) => {
        const first = ("options" in quizPage ? quizPage.options[0]?.value : undefined) ?? "";
        return { id: quizPage.id, answer: quizPage.type === "multi-choice" ? [first] : first };
      });
    const stepEvents = quizFlow.flatMap((quizPage): FunnelEvent[] => [
      { name: "quiz_step_viewed", properties: { flow, step: quizPage.id } },
      { name: "quiz_step_answered", properties: { step: quizPage.id } },
    ]);
    await this.events(page, stepEvents.slice(0, 30));

    const email = `${this.token}@example.com`;
    const check = await this.action("email check (action)", page, {
      intent: "check-email",
      email,
      user_token: this.token,
    });
    if ((check.data as { isEmailUnique?: boolean } | undefined)?.isEmailUnique !== true) {
      throw new StepFailed("email check: not unique");
    }
    const topics = topicsOf(quizFlow, questions);
    const lead = await this.action(
      "lead with email (action)",
      page,
      {
        intent: "submit",
        search: "",
        lead: {
          kid: { name: "Noa", years: { text: "5 years", value: 5 } },
          email,
          questions,
          ...(topics.length > 0 && { topics }),
          isForbiddenToMailing: false,
          user_token: this.token,
          time_zone: "Europe/Berlin",
          tracking: { utmLabels: {}, googleAnalytics: {}, fbAnalytics: {}, organic: true },
        },
      },
      202,
    );
    await this.events(page, [
      ...stepEvents.slice(30),
      { name: "quiz_completed", properties: { flow, step: "analyzing" } },
      { name: "email_submitted", properties: { flow } },
    ]);
    const offer = typeof lead.redirect === "string" ? lead.redirect : "";
    if (!offer.includes(`token=${this.token}`)) throw new StepFailed(`lead: no redirect to the offer (${offer})`);
    return offer;
  }

  /** The offer, the checkout, the hosted payment with the approved card, and the result. */
  async buy(offer: string): Promise<void> {
    const offerPath = offer.split("?", 1)[0] ?? "/purchase/";
    await this.request("offer page (SSR)", offer);
    const checkout = await this.action("checkout (action)", offer, {
      intent: "checkout",
      agree: "on",
      immediate_access: "on",
    });
    const redirectUrl = (checkout.data as { redirectUrl?: string } | undefined)?.redirectUrl;
    if (!redirectUrl) throw new StepFailed(`checkout: no payment page (${JSON.stringify(checkout.data)})`);
    await this.events(offerPath, [{ name: "offer_viewed" }, { name: "checkout_started" }]);

    await this.request("payment page (simulator)", redirectUrl);
    const paid = await this.request(
      "pay with card (simulator)",
      redirectUrl,
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ method: "card", number: approvedCard, expiry: "12/34", cvv: "123" }).toString(),
      },
      (answer) => answer.status === 303,
    );
    const back = new URL(paid.headers.get("location") ?? "", this.baseUrl);
    const orderId = back.searchParams.get("order_id");
    if (!orderId) throw new StepFailed("payment: no order id on the way back");
    const backPath = `${back.pathname}${back.search}`;
    await this.request("offer page, back from paying (SSR)", backPath);
    for (let poll = 1; ; poll += 1) {
      const answer = await this.action("order status (action)", backPath, {
        intent: "order-status",
        order_id: orderId,
      });
      const status = (answer.data as { status?: string } | undefined)?.status;
      if (status === "approved") break;
      if (status !== "pending" || poll >= statusPolls) throw new StepFailed(`order ${orderId}: ${status}`);
      await new Promise((resolve) => setTimeout(resolve, pollIntervalMs));
    }
    await this.events(offerPath, [{ name: "purchase_succeeded" }]);
  }

  /** The printables page, the signed links (the API the kit's links come from), and one PDF. */
  async download(): Promise<void> {
    await this.request("printables page (SSR)", `/printables/?token=${this.token}`);
    const links = await this.request("printables links (API)", `/api/v1/printables/${this.token}?product=kinderready`, {
      headers: { "x-api-key": apiKey },
    });
    const view = JSON.parse(links.text) as {
      printables: { kinderready?: { core: { items: { download_url: string | null }[] }[] } };
    };
    const items = view.printables.kinderready?.core.flatMap((level) => level.items) ?? [];
    const open = items.filter((item) => item.download_url);
    // Parents open different worksheets; the same one every time would only measure the cache.
    const link = open[Math.floor(Math.random() * open.length)]?.download_url;
    if (!link) throw new StepFailed("printables: no open worksheet");
    await this.request(
      "printable PDF (signed link)",
      link,
      {},
      (answer) => answer.status === 200 && answer.text.startsWith("%PDF"),
    );
    await this.events("/printables/", [{ name: "printable_downloaded" }]);
  }
}

/** A whole visit: quiz, email, purchase, download. Resolves to whether it got to the end. */
export async function walkFunnel(baseUrl: string, record: Recorder, flow: "main" | "copy_1"): Promise<boolean> {
  const parent = new ParentClient(baseUrl, record);
  try {
    const offer = await parent.walkQuiz(flow);
    await parent.buy(offer);
    await parent.download();
    return true;
  } catch (error) {
    if (error instanceof StepFailed) {
      // An answer that came back fine but said the wrong thing (a declined order, no redirect).
      if (!error.recorded)
        record("funnel check", { ms: 0, status: 0, retryAfter: false, ok: false, error: error.message });
      return false;
    }
    throw error;
  }
}
