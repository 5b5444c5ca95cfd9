import { localizePath } from "@kinderready/i18n/locales";
import { Form, Link, useActionData } from "react-router";
import { useTranslation } from "../../i18n/translation-context.tsx";
import type { Route } from "./+types/unsubscribe";
import { loadUnsubscribePage, type UnsubscribeResult, unsubscribe } from "./unsubscribe-route.server.ts";

// Unsubscribe from tips and offers (/unsubscribe/?code=…): one button, a plain form.

export const loader = (args: Route.LoaderArgs) => loadUnsubscribePage(args);
export const action = (args: Route.ActionArgs) => unsubscribe(args);

export default function Unsubscribe({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = loaderData;
  const result = useActionData<UnsubscribeResult>();
  const profile = (
    <p>
      <Link to={localizePath("/profile/", locale)}>{t("unsubscribe.toProfile")}</Link>
    </p>
  );
  if (result?.unsubscribed) {
    return (
      <section className="page profile" aria-labelledby="page-title">
        <h1 id="page-title">{t("unsubscribe.doneHeading")}</h1>
        <p role="status">{t("unsubscribe.done")}</p>
        {profile}
      </section>
    );
  }
  return (
    <section className="page profile" aria-labelledby="page-title">
      <h1 id="page-title">{t("pages.unsubscribe.heading")}</h1>
      {loaderData.valid && !result ? (
        <>
          <p>{t("unsubscribe.intro")}</p>
          <Form method="post" className="profile__form">
            <button type="submit" className="button button--wide">
              {t("unsubscribe.submit")}
            </button>
          </Form>
        </>
      ) : (
        <p className="notice notice--error">{t("unsubscribe.invalid")}</p>
      )}
      {profile}
    </section>
  );
}
