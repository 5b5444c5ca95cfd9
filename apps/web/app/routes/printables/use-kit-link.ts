import { type Locale, localizePath } from "@kinderready/i18n/locales";
import { useLocation } from "react-router";

/**
 * A link to the printables with another level, pack or paper: what the address asked for
 * besides these stays, and `change` names the new ones (in that order in the address).
 */
export function useKitLink(locale: Locale) {
  const location = useLocation();
  return (change: Record<string, string>) => {
    const params = new URLSearchParams(location.search);
    params.delete("level");
    params.delete("pack");
    params.delete("paper");
    for (const [key, value] of Object.entries(change)) params.set(key, value);
    return `${localizePath("/printables/", locale)}?${params}`;
  };
}

export type KitLink = ReturnType<typeof useKitLink>;
