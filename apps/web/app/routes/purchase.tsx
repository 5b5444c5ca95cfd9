import { useTranslation } from "react-i18next";

// Purchase flow (main at /purchase/ and /purchase-flow/, copy_1 at /offer1/): the page frame; its content lands with its own issue.
export default function Purchase() {
  const { t } = useTranslation();
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t("pages.purchase.heading")}</h1>
      <p>{t("pages.purchase.intro")}</p>
    </section>
  );
}
