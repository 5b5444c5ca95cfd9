import type { KitPreview as KitPreviewData } from "@kinderready/domain/printables/kit-preview.server";
import { useTranslation } from "../../i18n/translation-context.tsx";

/**
 * Real pages of the child's trial level, drawn by the kit with the child's name: what the parent
 * is about to print. `eager` where the row is on screen at once; lazy further down a page.
 */
export function KitPreview({ preview, eager = false }: { preview: KitPreviewData; eager?: boolean }) {
  const { t } = useTranslation();
  const name = preview.childName;
  return (
    <figure className="kit-preview">
      <ul className="kit-preview__pages">
        {preview.pages.map((page) => (
          <li key={page.id}>
            <img
              src={page.src}
              alt={
                name
                  ? t("purchase.preview.pageAlt", { title: page.title, name })
                  : t("purchase.preview.pageAltNoName", { title: page.title })
              }
              width={120}
              height={170}
              loading={eager ? "eager" : "lazy"}
              decoding="async"
            />
          </li>
        ))}
      </ul>
      <figcaption className="kit-preview__caption small">
        {name ? t("purchase.preview.caption", { name }) : t("purchase.preview.captionNoName")}
      </figcaption>
    </figure>
  );
}
