import { isLocale } from "@kinderready/i18n/locales";
import { createTranslator } from "@kinderready/i18n/translator";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { reloadAfterChunkError } from "./chunk-reload.ts";
import { reportRouteError } from "./error-reporting/client-error-reporting.ts";
import { completeCatalogue, documentCatalogues, loadCatalogue, loadConsoleCatalogue } from "./i18n/load-catalogue.ts";
import { TranslatorProvider } from "./i18n/translation-context.tsx";

// A chunk that vanished with a new deploy: fetch the new build instead of failing.
window.addEventListener("vite:preloadError", (event) => {
  if (reloadAfterChunkError((event as Event & { payload: unknown }).payload)) event.preventDefault();
});

const lang = document.documentElement.lang;
const locale = isLocale(lang) ? lang : "en";
// The server rendered in this language; hydrate only once the texts the page shows are in memory:
// the part of the catalogue its route named (else the whole; the whole follows once it has
// hydrated), and the console's when the document's routes asked for it.
const wanted = documentCatalogues(document.documentElement);
const [catalogue, consoleCatalogue] = await Promise.all([
  loadCatalogue(locale, wanted.chunk),
  wanted.console ? loadConsoleCatalogue(locale) : undefined,
]);
const i18n = createTranslator(locale, catalogue, consoleCatalogue && { console: consoleCatalogue });

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <TranslatorProvider translator={i18n}>
        <HydratedRouter onError={reportRouteError} />
      </TranslatorProvider>
    </StrictMode>,
  );
});
void completeCatalogue(locale, catalogue, wanted.chunk);
