import { localeFromPath, localizePath } from "@kinderready/i18n/locales";
import { redirect } from "react-router";
import type { Route } from "./+types/home";

// The site root of every language is the start of the quiz.
export function loader({ url }: Route.LoaderArgs) {
  throw redirect(`${localizePath("/onboarding/", localeFromPath(url.pathname))}${url.search}`, 302);
}

export default function Home() {
  return null;
}
