import type { Locale } from "@kinderready/i18n/locales";
import ar from "../content/ar.json" with { type: "json" };
import de from "../content/de.json" with { type: "json" };
import en from "../content/en.json" with { type: "json" };
import es from "../content/es.json" with { type: "json" };
import fr from "../content/fr.json" with { type: "json" };
import pt from "../content/pt.json" with { type: "json" };
import ru from "../content/ru.json" with { type: "json" };

/** The page texts, activity cards and chart contents in each language as written (content/<locale>.json), unchecked. */
export const kitTextSources: Record<Locale, unknown> = { en, ru, es, fr, ar, de, pt };
