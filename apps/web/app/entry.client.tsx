import { createI18n } from "@kinderready/i18n/create-i18n";
import { isLocale } from "@kinderready/i18n/locales";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { reloadAfterChunkError } from "./chunk-reload.ts";
import { isConsolePath } from "./console/console-paths.ts";
import { reportRouteError } from "./error-reporting/client-error-reporting.ts";
import { loadCatalogue, loadConsoleCatalogue } from "./i18n/load-catalogue.ts";

// A chunk that vanished with a new deploy: fetch the new build instead of failing.
window.addEventListener("vite:preloadError", (event) => {
  if (reloadAfterChunkError((event as Event & { payload: unknown }).payload)) event.preventDefault();
});

const lang = document.documentElement.lang;
const locale = isLocale(lang) ? lang : "en";
// The server rendered in this language; hydrate only once its catalogue is in memory (and the
// console's, on console pages).
const [catalogue, consoleCatalogue] = await Promise.all([
  loadCatalogue(locale),
  isConsolePath(window.location.pathname) ? loadConsoleCatalogue(locale) : undefined,
]);
const i18n = createI18n(locale, catalogue, consoleCatalogue && { console: consoleCatalogue });

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <HydratedRouter onError={reportRouteError} />
      </I18nextProvider>
    </StrictMode>,
  );
});
