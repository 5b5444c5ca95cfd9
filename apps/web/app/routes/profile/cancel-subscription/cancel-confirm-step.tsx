import { type Locale, localizePath } from "@kinderready/i18n/locales";
import type { Ref } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../../i18n/translation-context.tsx";

/** The flow's first step: cancel (on to the reason, a plain link), or keep the subscription. */
export function CancelConfirmStep({
  date,
  locale,
  heading,
  onMove,
}: {
  /** When access ends once cancelled. */
  date: string;
  locale: Locale;
  heading: Ref<HTMLHeadingElement>;
  onMove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="page profile" aria-labelledby="page-title">
      <h1 id="page-title" ref={heading} tabIndex={-1}>
        {t("profile.cancel.confirmHeading")}
      </h1>
      <p>{t("profile.cancel.confirmText", { date })}</p>
      <div className="profile__actions">
        <Link className="button button--danger" to="?step=reason" preventScrollReset onClick={onMove}>
          {t("profile.cancel.confirm")}
        </Link>
        <Link className="button button--quiet" to={localizePath("/profile/subscription/", locale)}>
          {t("profile.cancel.keep")}
        </Link>
      </div>
    </section>
  );
}

/** What shows instead of the flow when nothing renews that could be cancelled. */
export function NotCancellable({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  return (
    <section className="page profile" aria-labelledby="page-title">
      <h1 id="page-title">{t("pages.cancelSubscription.heading")}</h1>
      <p>{t("profile.cancel.notCancellable")}</p>
      <Link to={localizePath("/profile/subscription/", locale)}>{t("profile.cancel.toSubscription")}</Link>
    </section>
  );
}
