import { useSearchParams } from "react-router";
import { Trans, useTranslation } from "../../i18n/translation-context.tsx";
import { useNonce } from "../../nonce.ts";
import { formatClock, type OfferTimer } from "./offer-timer.ts";

const page = "purchase.pages.subscription-offer";

export type OfferCountdownTimer = OfferTimer & {
  justExpired: boolean;
  /** The server's deadline is known, so the countdown runs (before it is, the whole countdown shows, still). */
  counting: boolean;
};

/**
 * The time left at today's price; running out is read out once, the countdown itself never (a
 * timer is not a live region). Without scripts the style sheet counts it down from what the
 * server rendered, and says when it has run out, with the way to today's price: see
 * `CountdownWithoutScripts`.
 */
export function OfferCountdown({ timer }: { timer: OfferCountdownTimer }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const runsWithoutScripts = timer.counting && !timer.expired;
  return (
    <>
      <p className="offer-timer" role="timer" data-expired={timer.expired ? "" : undefined}>
        {timer.expired ? (
          t(`${page}.timerExpired`)
        ) : (
          <span className="offer-timer__running">
            <OfferClockText messageKey={`${page}.timer`} secondsLeft={timer.secondsLeft} />
          </span>
        )}
        {runsWithoutScripts && (
          <noscript>
            {/* The price on the page is the reserved one until it is loaded again. */}
            <span className="offer-timer__ended">
              {t(`${page}.timerExpired`)}{" "}
              <a href={`?${searchParams.toString()}`}>{t("purchase.result.seeTodaysPrice")}</a>
            </span>
          </noscript>
        )}
      </p>
      {runsWithoutScripts && <CountdownWithoutScripts secondsLeft={timer.secondsLeft} />}
      <p className="visually-hidden" aria-live="polite">
        {timer.justExpired ? t(`${page}.timerExpired`) : ""}
      </p>
    </>
  );
}

/** A countdown message with its mm:ss in `.offer-clock`, the element the style sheet counts down without scripts. */
export function OfferClockText({
  messageKey,
  secondsLeft,
}: {
  messageKey: `${typeof page}.timer` | `${typeof page}.stickyTimer`;
  secondsLeft: number;
}) {
  return (
    <Trans
      i18nKey={messageKey}
      values={{ time: `<clock>${formatClock(secondsLeft)}</clock>` }}
      components={{ clock: <ClockDigits /> }}
    />
  );
}

function ClockDigits({ children }: { children?: string }) {
  return (
    <span className="offer-clock">
      <span className="offer-clock__digits">{children}</span>
    </span>
  );
}

/**
 * Without scripts the page cannot tick, so the style sheet does (app.css, "The offer's countdown
 * without scripts"), from the seconds the server rendered: they are this page's own, so they are
 * set here, in a style only a browser without scripts reads (the scripts count as before).
 */
function CountdownWithoutScripts({ secondsLeft }: { secondsLeft: number }) {
  const nonce = useNonce();
  return (
    <noscript>
      <style nonce={nonce}>{`:root{--offer-clock-start:${Math.max(0, Math.floor(secondsLeft))}}`}</style>
    </noscript>
  );
}
