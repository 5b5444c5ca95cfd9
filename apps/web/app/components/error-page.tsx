import { localeFromPath, localizePath } from "@kinderready/i18n/locales";
import { useEffect } from "react";
import { isRouteErrorResponse, useLocation } from "react-router";
import { track } from "../analytics/analytics.ts";
import { reloadAfterChunkError } from "../chunk-reload.ts";
import { useTranslation } from "../i18n/translation-context.tsx";
import { ErrorPageBoundary } from "./error-page-boundary.tsx";

/** What a parent sees when a page cannot be shown: what happened, in a sentence, and the way home. */
export function ErrorPage({ error }: { error: unknown }) {
  return (
    <ErrorPageBoundary>
      <ErrorMessage error={error} />
    </ErrorPageBoundary>
  );
}

function ErrorMessage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A post held text that cannot be stored, or a form that cannot be read (app/unstorable-text.server.ts).
  const badInput = isRouteErrorResponse(error) && ["unstorable-text", "unreadable-form"].includes(error.data?.reason);
  if (!notFound) reloadAfterChunkError(error);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  useEffect(() => {
    track("error_shown", { status });
  }, [status]);
  // 503: the database was briefly out (app/database-outage.server.ts); trying again will do.
  const [title, hint] = notFound
    ? [t("errors.notFound"), t("errors.notFoundHint")]
    : badInput
      ? [t("errors.badInput"), t("errors.badInputHint")]
      : status === 503
        ? [t("errors.unavailable"), t("errors.unavailableHint")]
        : [t("errors.generic"), t("errors.genericHint")];
  return (
    <section className="page page--centered" aria-labelledby="error-title">
      <h1 id="error-title">{title}</h1>
      <p>{hint}</p>
      <a className="button" href={localizePath("/", localeFromPath(pathname))}>
        {t("errors.backHome")}
      </a>
    </section>
  );
}
