import { useSearchParams } from "react-router";
import { useTranslation } from "../i18n/translation-context.tsx";
import { pendingRefresh, refreshSeconds } from "./pending-refresh.ts";

/**
 * Without scripts nothing asks how a payment went: the page reloads itself until it knows (the
 * refresh exists only inside <noscript>, so with scripts the polls alone ask), with a link for a
 * browser that ignores the refresh, and stops after about as long as the scripts would ask.
 * Inline after the words saying the payment is being processed, or its own paragraph with
 * `className`; `said` tells the parent the page updates itself.
 */
export function ReloadWhilePending({
  said = "purchase.result.updatesItself",
  className,
}: {
  said?: "purchase.result.updatesItself" | "purchase.result.updating";
  className?: string;
}) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const next = pendingRefresh(searchParams);
  const refreshing = next.kind === "refresh";
  const words = refreshing ? (
    <>
      {t(said)} <a href={next.url}>{t("purchase.result.updateNow")}</a>
    </>
  ) : (
    <>
      {t("purchase.result.timeout")} <a href={next.url}>{t("purchase.result.checkAgain")}</a>
    </>
  );
  return (
    <noscript>
      {refreshing && <meta httpEquiv="refresh" content={`${refreshSeconds};url=${next.url}`} />}
      {className ? <p className={className}>{words}</p> : <> {words}</>}
    </noscript>
  );
}
