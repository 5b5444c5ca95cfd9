import { useTranslation } from "react-i18next";

type IntroKey = "profile" | "subscription" | "cancelSubscription";

/** A page's heading and opening line, from `pages.<key>` in the catalogues. */
export function PageIntro({ page }: { page: IntroKey }) {
  const { t } = useTranslation();
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t(`pages.${page}.heading`)}</h1>
      <p>{t(`pages.${page}.intro`)}</p>
    </section>
  );
}
