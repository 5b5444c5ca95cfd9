import { useTranslation } from "react-i18next";

// Profile: the page frame; its content lands with its own issue.
export default function Profile() {
  const { t } = useTranslation();
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t("pages.profile.heading")}</h1>
      <p>{t("pages.profile.intro")}</p>
    </section>
  );
}
