import english from "@kinderready/i18n/catalogues/en.json" with { type: "json" };
import { createTranslator } from "@kinderready/i18n/translator";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { TranslatorProvider } from "../../i18n/translation-context.tsx";
import { NonceContext } from "../../nonce.ts";
import { OfferCountdown, type OfferCountdownTimer } from "./offer-countdown.tsx";

// The countdown as the server renders it: what a browser without scripts counts down from.

function serverHtml(timer: OfferCountdownTimer) {
  return renderToString(
    <NonceContext value="n0nce">
      <TranslatorProvider translator={createTranslator("en", english)}>
        <MemoryRouter initialEntries={["/purchase/?token=t&step=subscription-offer"]}>
          <OfferCountdown timer={timer} />
        </MemoryRouter>
      </TranslatorProvider>
    </NonceContext>,
  );
}

const running = { secondsLeft: 125, expired: false, justExpired: false, counting: true };

describe("the offer countdown as the server renders it", () => {
  it("puts the digits where the style sheet counts, and the seconds and the expired message in <noscript>", () => {
    const html = serverHtml(running);
    expect(html).toContain(
      'Your discount is reserved for <span class="offer-clock"><span class="offer-clock__digits">02:05</span></span>',
    );
    expect(html).toContain('<noscript><style nonce="n0nce">:root{--offer-clock-start:125}</style></noscript>');
    // Run out, the page loaded again shows today's price.
    expect(html).toContain(
      '<noscript><span class="offer-timer__ended">Your reserved discount has expired<!-- --> <a href="?token=t&amp;step=subscription-offer">See today&#x27;s price</a></span></noscript>',
    );
  });

  it("counts nothing without scripts before the server has started the countdown, or once it has run out", () => {
    for (const timer of [
      { ...running, counting: false },
      { secondsLeft: 0, expired: true, justExpired: false, counting: true },
    ]) {
      const html = serverHtml(timer);
      expect(html).not.toContain("<noscript>");
      expect(html).not.toContain("--offer-clock-start");
    }
    expect(serverHtml({ ...running, counting: false })).toContain("reserved for <span");
  });
});
