import { useTranslation } from "react-i18next";

// Printables area: the page frame; its content lands with its own issue.
export default function Printables() {
  const { t } = useTranslation();
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t("pages.printables.heading")}</h1>
      <p>{t("pages.printables.intro")}</p>
    </section>
  );
}
