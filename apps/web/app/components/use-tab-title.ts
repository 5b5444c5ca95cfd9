import { useEffect } from "react";
import { useTranslation } from "../i18n/translation-context.tsx";

/**
 * The tab's title while a part of a page stands for its own (the offer, a payment's result, the
 * add-on packs' popup): `title` through the catalogue's template ("… | KinderReady"), the page's
 * own title back once `title` is undefined or the part is gone.
 */
export function useTabTitle(title: string | undefined) {
  const { t } = useTranslation();
  useEffect(() => {
    if (title === undefined) return;
    const before = document.title;
    document.title = t("meta.titleTemplate", { title });
    return () => {
      document.title = before;
    };
  }, [title, t]);
}
