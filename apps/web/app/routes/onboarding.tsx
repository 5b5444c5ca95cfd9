import { useTranslation } from "react-i18next";

// Quiz flow (main at /onboarding/, copy_1 at /quiz1/); the questions arrive with the onboarding issue.
const questionCount = 18;

export default function Onboarding() {
  const { t } = useTranslation();
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t("pages.onboarding.heading")}</h1>
      <p>{t("pages.onboarding.intro")}</p>
      <p className="muted">{t("pages.onboarding.questionCount", { count: questionCount })}</p>
    </section>
  );
}
