import { ConsoleCard } from "../../../console/console-card.tsx";
import { formatMoment } from "../../../console/console-format.ts";
import { useTranslation } from "../../../i18n/translation-context.tsx";
import type { Route } from "./+types/console-forwarding";
import { loadConsoleForwarding } from "./console-forwarding-route.server.ts";

// Conversion forwarding (/admin/forwarding/): for Meta, GA4, TikTok and Amplitude, whether it is
// configured, its deliveries by status, the backlog's age and the last error; and a warning when
// conversions pile up that no destination will ever send.

export const loader = (args: Route.LoaderArgs) => loadConsoleForwarding(args);

const minute = 60_000;

export default function ConsoleForwarding({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("console");
  const locale = i18n.language;
  const { status } = loaderData;
  const now = new Date(loaderData.now).getTime();
  const at = (value: Date | string) => formatMoment(locale, value, "short");
  const age = (since: Date | string) => {
    const minutes = Math.max(0, Math.round((now - new Date(since).getTime()) / minute));
    return minutes < 120
      ? t("forwarding.ageMinutes", { count: minutes })
      : t("forwarding.ageHours", { count: Math.floor(minutes / 60) });
  };
  const noneConfigured = status.destinations.every((destination) => !destination.configured);
  return (
    <>
      <h1>{t("forwarding.title")}</h1>
      <p className="console-note">{t("forwarding.intro")}</p>
      {noneConfigured && (
        <p role="alert" className="console-error">
          {t("forwarding.noneConfigured")}{" "}
          {status.unsent.count > 0 && t("forwarding.unsentCount", { number: status.unsent.count })}
        </p>
      )}
      {!noneConfigured && status.unsent.count > 0 && (
        <p className="console-note">{t("forwarding.waiting", { number: status.unsent.count })}</p>
      )}
      <div className="console-forwarding">
        {status.destinations.map((destination) => {
          const id = `forwarding-${destination.destination}`;
          return (
            <ConsoleCard
              key={destination.destination}
              id={id}
              title={t(`forwarding.destinations.${destination.destination}`)}
            >
              <dl className="console-facts">
                <dt>{t("forwarding.configured")}</dt>
                <dd>{destination.configured ? t("forwarding.yes") : t("forwarding.no")}</dd>
                <dt>{t("forwarding.delivered")}</dt>
                <dd>{destination.delivered}</dd>
                <dt>{t("forwarding.pending")}</dt>
                <dd>
                  {destination.pending}
                  {destination.oldestPendingSince &&
                    ` · ${t("forwarding.oldest", { age: age(destination.oldestPendingSince) })}`}
                </dd>
                <dt>{t("forwarding.failed")}</dt>
                <dd>{destination.failed}</dd>
                <dt>{t("forwarding.skipped")}</dt>
                <dd>{destination.skipped}</dd>
                <dt>{t("forwarding.lastError")}</dt>
                <dd>
                  {destination.lastError ? (
                    <>
                      {at(destination.lastError.at)} · <code>{destination.lastError.message}</code>
                    </>
                  ) : (
                    "—"
                  )}
                </dd>
              </dl>
            </ConsoleCard>
          );
        })}
      </div>
      <p className="console-note">{t("forwarding.skippedNote")}</p>
    </>
  );
}
