import { apiKeyFor } from "@kinderready/config/config.server";
import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";

// What the specs set up again and again, as Playwright fixtures: each test asks for what it needs
// by name and gets it bound to its own page (and its project's server). Parents are registered
// through the API as the quiz would, and pay on the simulator's hosted page with a test card.

export { expect };

/** The key the tests call the API with: derived from API_SECRET in playwright.config.ts, as the server does. */
export const apiKey = { "x-api-key": apiKeyFor("local-development-secret") };
const approvedCard = "4067 4299 7471 9265";

export const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;

export type Parent = { token: string; email: string };

type Quiz = {
  /** Opens a quiz page and waits until it answers taps (hydrated, saved answers restored). */
  open(path: string): Promise<void>;
  /** The quiz page the parent is on, by its id in the flow. */
  step(): Promise<string | null>;
  /** Answers the current page with the answer button at `index` and waits for the next page. */
  answer(index?: number): Promise<void>;
  /** Answers with the first option until the page with this id is showing. */
  answerUntil(id: string): Promise<void>;
  /** Presses the current form's submit button (Continue, or the email form's). */
  submit(): Promise<void>;
};

type Fixtures = {
  /** A request context that calls the project's server with the API key. */
  api: APIRequestContext;
  /**
   * Registers a parent who finished the quiz (kid Noa, 5) on another device, on the test's page
   * unless another is given: answers the token and email.
   */
  registerParent: (label: string, options?: { token?: string; page?: Page }) => Promise<Parent>;
  /** A registered parent, as `registerParent` makes one. */
  parent: Parent;
  /**
   * A registered parent takes the offer, pays (with the approved card unless another is given)
   * and reaches the printables, hydrated, on the test's page unless another is given; `country`
   * is where the paying device is (the price's currency). `onScreen` walks the offer and the
   * gateway's page as the parent does, for a test that needs what that walk leaves in the browser.
   */
  buyKit: (
    token: string,
    options?: { card?: string; locale?: string; origin?: string; country?: string; onScreen?: boolean; page?: Page },
  ) => Promise<void>;
  /** A parent from Germany who paid the first payment: the test's page is on their printables. */
  paidParent: Parent;
  /** On the gateway's hosted page: types a test card (any future expiry and CVV) and pays. */
  payOnHostedPage: (card: string, page?: Page) => Promise<void>;
  /**
   * In POPUP mode (the operator's setting) the upsell opens over the page once it has hydrated:
   * says "No, thanks", then closes the discount, which ends the offer for this parent on this
   * device. In TABS mode nothing opens.
   */
  declineUpsellForGood: () => Promise<void>;
  /** The first link to `path` in the newest email to `email` with this subject, once it is in the local outbox. */
  mailedLink: (email: string, subject: string, path: string) => Promise<string>;
  /** Asks for a sign-in link on the profile page, as a parent on a new device: the link the email carries. */
  emailedSignInLink: (email: string) => Promise<string>;
  /** Signs the parent in on this browser the one way a link can: the emailed link, then "Continue". */
  signInByEmail: (email: string) => Promise<void>;
  /** The quiz on the test's page. */
  quiz: Quiz;
};

export const test = base.extend<Fixtures>({
  api: async ({ playwright, baseURL }, use) => {
    const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: apiKey });
    await use(api);
    await api.dispose();
  },

  registerParent: async ({ page }, use) => {
    await use(async (label, options = {}) => {
      const token = options.token ?? `e2e-${unique()}-${label}-abcdef`;
      const email = `${label}-${unique()}@example.com`;
      // The page's context's requests: they carry the headers the test gave the whole context (a
      // client address), though not those set on the page alone.
      const register = () =>
        (options.page ?? page).request.post("/api/v1/onboarding", {
          headers: apiKey,
          data: {
            kid: { name: "Noa", years: { text: "5 years", value: 5 } },
            email,
            questions: [{ id: "ty", answer: "soon" }],
            isForbiddenToMailing: true,
            user_token: token,
            purchasePathByFlow: "/purchase/",
            product: "kinderready",
          },
        });
      let response = await register();
      // A server shedding load answers 503 with Retry-After, as a client is expected to honour.
      for (let attempt = 0; response.status() === 503 && attempt < 3; attempt += 1) {
        await new Promise((resolve) =>
          setTimeout(resolve, 1000 * Math.min(2, Number(response.headers()["retry-after"] ?? 1))),
        );
        response = await register();
      }
      expect(response.status()).toBe(200);
      return { token, email };
    });
  },

  parent: async ({ registerParent }, use) => {
    await use(await registerParent("parent"));
  },

  payOnHostedPage: async ({ page }, use) => {
    await use(async (card, on = page) => {
      await on.waitForURL(/\/gateway-simulator\/pay\//);
      await on.locator("input[name=number]").fill(card);
      await on.locator("input[name=expiry]").fill("12/34");
      await on.locator("input[name=cvv]").fill("123");
      await on.locator("form:has(input[name=method][value=card]) button[type=submit]").click();
    });
  },

  buyKit: async ({ page, baseURL, payOnHostedPage }, use) => {
    await use(
      async (token, { card = approvedCard, locale = "", origin = "", country, onScreen, page: on = page } = {}) => {
        const offer = `${origin}${locale}/purchase/?token=${token}&offer=1`;
        if (onScreen) {
          await on.goto(offer);
          // Hydrated first: before that the purchase button is plain HTML that posts nowhere useful.
          await expect(on.locator(".purchase-flow[data-ready]")).toBeVisible();
          // The terms, and where the right of withdrawal applies, access at once.
          for (const box of await on.getByRole("checkbox").all()) await box.check();
          await on.locator("button.offer__buy").click();
          await payOnHostedPage(card, on);
          await on.waitForURL(/order_id=/);
          await on.locator("dialog a.button").click();
          await on.waitForURL(new RegExp(`${locale}/printables/\\?token=${token}`));
          return;
        }
        // The plain forms a browser without scripts posts (the offer's buy button, then the
        // gateway's card form), sent with the page's own cookies: the paying device's session lands
        // on this page as it would in the browser. The purchase spec walks the same steps on screen;
        // here they only set a parent up, without rendering the offer and the gateway's page.
        const self = new URL(origin || baseURL || "").origin;
        const leave = await on.request.post(offer, {
          form: { intent: "checkout", agree: "on", immediate_access: "on" },
          headers: { origin: self, ...(country ? { "x-test-country": country } : {}) },
          maxRedirects: 0,
        });
        expect(leave.status(), await leave.text()).toBe(303);
        const paid = await on.request.post(leave.headers().location ?? "", {
          form: { method: "card", number: card, expiry: "12/34", cvv: "123" },
          maxRedirects: 0,
        });
        expect(paid.status()).toBe(303);
        const back = new URL(paid.headers().location ?? "", self);
        // The gateway settles a moment later; the return page asks it, as the browser's does.
        const orderId = back.searchParams.get("order_id") ?? "";
        await expect
          .poll(async () => {
            const status = await on.request.post(`${self}/api/v1/purchase/order-status`, {
              headers: apiKey,
              data: { order_id: orderId, user_token: token },
            });
            return ((await status.json()) as { status?: string }).status;
          })
          .toBe("approved");
        await on.goto(`${origin}${locale}/printables/?token=${token}`);
        // The scripts load after the first paint; on a machine this busy that can pass 5 s.
        await expect(on.locator("html[data-ready]")).toHaveCount(1, { timeout: 20_000 });
      },
    );
  },

  paidParent: async ({ page, registerParent, buyKit }, use) => {
    const parent = await registerParent("kit");
    await page.setExtraHTTPHeaders({ "x-test-country": "de" });
    await buyKit(parent.token, { country: "de" });
    await use(parent);
  },

  declineUpsellForGood: async ({ page }, use) => {
    await use(async () => {
      const dialog = page.locator("dialog.upsell-popup[open]");
      const opened = await dialog.waitFor({ state: "visible", timeout: 4000 }).then(
        () => true,
        () => false,
      );
      if (!opened) return;
      // The served popup answers Escape once the scripts made it a modal.
      await expect.poll(() => dialog.evaluate((element) => element.matches(":modal"))).toBe(true);
      await dialog.locator(".upsell-popup__decline").click();
      await expect(dialog).toHaveAttribute("data-form-key", "catchy");
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
    });
  },

  mailedLink: async ({ playwright, baseURL }, use) => {
    const mailbox = await playwright.request.newContext({ baseURL });
    await use(async (email, subject, path) => {
      let link = "";
      // The worker sends mail from its queue a moment after it was written.
      await expect
        .poll(
          async () => {
            const html = await (await mailbox.get("/dev/mailbox/")).text();
            // Each message's own markup: the page's data after the last one names every recipient.
            const mail = html
              .split("<article")
              .map((article) => article.slice(0, article.indexOf("</article>")))
              .find((article) => article.includes(`>${subject}</h2>`) && article.includes(`>${email}<`));
            const href = mail?.match(/href="([^"]+)"/g)?.find((found) => found.includes(path));
            link = href?.slice(6, -1).replaceAll("&amp;", "&") ?? "";
            return link;
          },
          { timeout: 20_000 },
        )
        .toContain(path);
      return link;
    });
    await mailbox.dispose();
  },

  emailedSignInLink: async ({ playwright, baseURL, mailedLink }, use) => {
    await use(async (email) => {
      // A device that is not signed in asks, with the profile page's form as a browser without
      // scripts posts it (the test's own page may be signed in, by paying). The profile spec
      // asks on screen.
      const octet = () => Math.floor(Math.random() * 256);
      const device = await playwright.request.newContext({
        baseURL,
        extraHTTPHeaders: { "x-forwarded-for": `10.${octet()}.${octet()}.${octet()}` },
      });
      const asked = await device.post("/profile/", {
        form: { intent: "request-link", email },
        headers: { origin: new URL(baseURL ?? "").origin },
      });
      expect(asked.status()).toBe(200);
      await device.dispose();
      return mailedLink(email, "Your KinderReady sign-in link", "/profile/?access=");
    });
  },

  signInByEmail: async ({ page, emailedSignInLink }, use) => {
    await use(async (email) => {
      await page.goto(await emailedSignInLink(email));
      await page.getByRole("button", { name: "Continue" }).click();
      await page.waitForURL(/\/profile\/$/);
    });
  },

  quiz: async ({ page }, use) => {
    const quiz: Quiz = {
      async open(path) {
        await page.goto(path);
        await expect(page.locator(".quiz[data-ready]")).toBeVisible();
      },
      step: () => page.locator(".quiz").getAttribute("data-step"),
      async answer(index = 0) {
        const before = await quiz.step();
        await page.locator(".answers .answer").nth(index).click();
        await expect(page.locator(".quiz")).not.toHaveAttribute("data-step", before ?? "");
      },
      async answerUntil(id) {
        while ((await quiz.step()) !== id) await quiz.answer();
      },
      submit: () => page.locator(".quiz__form button[type=submit]").click(),
    };
    await use(quiz);
  },
});
