import { useTranslation } from "../../i18n/translation-context.tsx";
import { formatClock, type OfferTimer } from "./offer-timer.ts";

const page = "purchase.pages.subscription-offer";

/** The time left at today's price; running out is read out once, the countdown itself never. */
export function OfferCountdown({ timer }: { timer: OfferTimer & { justExpired: boolean } }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="offer-timer" role="timer" data-expired={timer.expired ? "" : undefined}>
        {timer.expired ? t(`${page}.timerExpired`) : t(`${page}.timer`, { time: formatClock(timer.secondsLeft) })}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {timer.justExpired ? t(`${page}.timerExpired`) : ""}
      </p>
    </>
  );
}
