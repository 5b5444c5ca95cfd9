import type { KitPreview as KitPreviewData } from "@kinderready/domain/printables/kit-preview.server";
import { useTranslation } from "../../i18n/translation-context.tsx";

type PreviewPage = KitPreviewData["pages"][number];

/**
 * A row of real kit pages as the kit draws them: the child's own (with their name) or shared
 * samples. `eager` where the row is on screen at once; lazy further down a page.
 */
export function KitPreview({
  pages,
  childName = "",
  caption,
  eager = false,
}: {
  pages: readonly PreviewPage[];
  childName?: string;
  caption: string;
  eager?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <figure className="kit-preview">
      <ul className="kit-preview__pages">
        {pages.map((page) => (
          <li key={page.id}>
            <img
              src={page.src}
              alt={
                childName
                  ? t("purchase.preview.pageAlt", { title: page.title, name: childName })
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
      <figcaption className="kit-preview__caption small">{caption}</figcaption>
    </figure>
  );
}

/** The child's own first pages, captioned with their name. */
export function ChildKitPreview({
  preview,
  eager,
}: {
  preview: { childName: string; pages: readonly PreviewPage[] };
  eager?: boolean;
}) {
  const { t } = useTranslation();
  const name = preview.childName;
  return (
    <KitPreview
      pages={preview.pages}
      childName={name}
      caption={name ? t("purchase.preview.caption", { name }) : t("purchase.preview.captionNoName")}
      eager={eager}
    />
  );
}
