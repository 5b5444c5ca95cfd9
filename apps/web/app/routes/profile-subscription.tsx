import { useTranslation } from "react-i18next";

// Subscription management: the page frame; its content lands with its own issue.
export default function ProfileSubscription() {
  const { t } = useTranslation();
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t("pages.subscription.heading")}</h1>
      <p>{t("pages.subscription.intro")}</p>
    </section>
  );
}
