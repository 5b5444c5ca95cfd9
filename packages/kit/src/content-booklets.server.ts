import type { Locale } from "@kinderready/i18n/locales";
import ar from "../content/booklets/ar.json" with { type: "json" };
import de from "../content/booklets/de.json" with { type: "json" };
import en from "../content/booklets/en.json" with { type: "json" };
import es from "../content/booklets/es.json" with { type: "json" };
import fr from "../content/booklets/fr.json" with { type: "json" };
import pt from "../content/booklets/pt.json" with { type: "json" };
import ru from "../content/booklets/ru.json" with { type: "json" };

/** The letter pages in each language as written (content/booklets/<locale>.json), unchecked. */
export const kitBookletSources: Record<Locale, unknown> = { en, ru, es, fr, ar, de, pt };
