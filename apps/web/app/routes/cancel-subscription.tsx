import { useTranslation } from "react-i18next";

// Cancel-subscription flow: the page frame; its content lands with its own issue.
export default function CancelSubscription() {
  const { t } = useTranslation();
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t("pages.cancelSubscription.heading")}</h1>
      <p>{t("pages.cancelSubscription.intro")}</p>
    </section>
  );
}
