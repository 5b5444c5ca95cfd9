import type { Locale } from "@kinderready/i18n/locales";
import ar from "../content/stories/ar.json" with { type: "json" };
import de from "../content/stories/de.json" with { type: "json" };
import en from "../content/stories/en.json" with { type: "json" };
import es from "../content/stories/es.json" with { type: "json" };
import fr from "../content/stories/fr.json" with { type: "json" };
import pt from "../content/stories/pt.json" with { type: "json" };
import ru from "../content/stories/ru.json" with { type: "json" };

/** The read-aloud stories in each language as written (content/stories/<locale>.json), unchecked. */
export const kitStorySources: Record<Locale, unknown> = { en, ru, es, fr, ar, de, pt };
