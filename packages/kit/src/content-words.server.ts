import type { Locale } from "@kinderready/i18n/locales";
import ar from "../content/words/ar.json" with { type: "json" };
import de from "../content/words/de.json" with { type: "json" };
import en from "../content/words/en.json" with { type: "json" };
import es from "../content/words/es.json" with { type: "json" };
import fr from "../content/words/fr.json" with { type: "json" };
import pt from "../content/words/pt.json" with { type: "json" };
import ru from "../content/words/ru.json" with { type: "json" };

/** The word lists in each language as written (content/words/<locale>.json), unchecked. */
export const kitWordSources: Record<Locale, unknown> = { en, ru, es, fr, ar, de, pt };
