import type { PrintableLevelView } from "@kinderready/domain/printables/printables-schema";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../i18n/translation-context.tsx";

/**
 * Says so when marking an item done opened the next level: the page moves on to it, and a screen
 * reader user would not otherwise know why.
 */
export function useLevelUnlocked(core: PrintableLevelView[]): string {
  const { t } = useTranslation();
  const locked = core.filter((level) => level.locked).map((level) => level.number);
  const previous = useRef(locked);
  const [message, setMessage] = useState("");
  const key = locked.join();
  useEffect(() => {
    const opened = previous.current.find((number) => !key.split(",").includes(String(number)));
    previous.current = key ? key.split(",").map(Number) : [];
    const next = core.find((level) => level.number === opened);
    const done = core.find((level) => opened !== undefined && level.number === opened - 1);
    if (next && done) setMessage(t("printables.levelUnlocked", { level: done.title, next: next.title }));
  }, [key, core, t]);
  return message;
}
