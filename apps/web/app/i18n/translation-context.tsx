import type { Translate, Translator } from "@kinderready/i18n/translator";
import { cloneElement, createContext, type ReactElement, type ReactNode, useContext, useMemo } from "react";

// The page's translator, given once at the root (server render and hydration alike) so every
// component speaks the page's language from the first paint.

const TranslatorContext = createContext<Translator | null>(null);

export function TranslatorProvider({ translator, children }: { translator: Translator; children: ReactNode }) {
  return <TranslatorContext value={translator}>{children}</TranslatorContext>;
}

/** `t` for the page's language (in one namespace, if given) and the translator as `i18n`. */
export function useTranslation(namespace?: string): { t: Translate; i18n: Translator } {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error("useTranslation needs a TranslatorProvider above it");
  const t = namespace ? translator.namespace(namespace) : translator.t;
  return useMemo(() => ({ t, i18n: translator }), [t, translator]);
}

const tag = /<(\w+)>([\s\S]*?)<\/\1>/g;

/**
 * A message with markup: each `<name>text</name>` in it becomes `components[name]` with that
 * text inside (links in a sentence whose word order differs by language).
 */
export function Trans({ i18nKey, components }: { i18nKey: string; components: Record<string, ReactElement> }) {
  const { t } = useTranslation();
  const message = t(i18nKey);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of message.matchAll(tag)) {
    const [whole, name = "", text] = match;
    const element = components[name];
    parts.push(message.slice(last, match.index));
    parts.push(element ? cloneElement(element, { key: parts.length }, text) : whole);
    last = match.index + whole.length;
  }
  parts.push(message.slice(last));
  return <>{parts}</>;
}
