import type { MessageKey } from "@kinderready/i18n/message-keys";
import type { NamespaceKeys, Translate, TranslateIfKnown, Translator } from "@kinderready/i18n/translator";
import { cloneElement, createContext, type ReactElement, type ReactNode, useContext, useMemo } from "react";

// The page's translator, given once at the root (server render and hydration alike) so every
// component speaks the page's language from the first paint.

const TranslatorContext = createContext<Translator | null>(null);

export function TranslatorProvider({ translator, children }: { translator: Translator; children: ReactNode }) {
  return <TranslatorContext value={translator}>{children}</TranslatorContext>;
}

type Translation<Key extends string> = { t: Translate<Key>; ifKnown: TranslateIfKnown; i18n: Translator };

/**
 * `t` for the page's language (in one namespace, if given), `ifKnown` for keys a server answer
 * carries, and the translator as `i18n`.
 */
export function useTranslation(): Translation<Parameters<Translator["t"]>[0]>;
export function useTranslation<Name extends keyof NamespaceKeys>(namespace: Name): Translation<NamespaceKeys[Name]>;
export function useTranslation(namespace?: keyof NamespaceKeys): Translation<never> {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error("useTranslation needs a TranslatorProvider above it");
  const t: Translate<never> = namespace ? translator.namespace(namespace) : translator.t;
  const ifKnown = translator.ifKnown(namespace);
  return useMemo(() => ({ t, ifKnown, i18n: translator }), [t, ifKnown, translator]);
}

const tag = /<(\w+)>([\s\S]*?)<\/\1>/g;

/**
 * A message with markup: each `<name>text</name>` in it becomes `components[name]` with that
 * text inside (links in a sentence whose word order differs by language); `values` fill its
 * placeholders.
 */
export function Trans({
  i18nKey,
  components,
  values,
}: {
  i18nKey: MessageKey;
  components: Record<string, ReactElement>;
  values?: Record<string, string | number>;
}) {
  const { t } = useTranslation();
  const message = t(i18nKey, values);
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
