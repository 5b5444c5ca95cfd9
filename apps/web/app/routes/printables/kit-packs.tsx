import type { PrintableItemView, PrintablesGroup } from "@kinderready/domain/printables/printables-schema";
import { Link } from "react-router";
import { useTranslation } from "../../i18n/translation-context.tsx";
import { KitItemCard } from "./kit-item-card.tsx";
import type { KitLink } from "./use-kit-link.ts";

/** The add-on packs the parent owns: all of them as one download, and each with its items on request. */
export function KitPacks({
  upsell,
  openPack,
  linkTo,
}: {
  upsell: PrintablesGroup["upsell"];
  openPack: string | undefined;
  linkTo: KitLink;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="packs-heading" className="kit-packs">
      <h2 id="packs-heading" className="kit__heading">
        {t("printables.packsHeading")}
      </h2>
      {upsell.add_ons_all && (
        <p>
          <a className="button" href={upsell.add_ons_all.download_url} download>
            {t("printables.downloadAllPacks")}
          </a>
        </p>
      )}
      <ul className="kit-levels">
        {upsell.add_ons.map((pack) => (
          <li key={pack.id} className="kit-level">
            <div className="kit-level__summary">
              <h3 className="kit-level__title">{pack.title}</h3>
              <div className="kit-level__actions">
                {openPack !== pack.id && (
                  <Link className="kit-link" to={linkTo({ pack: pack.id })}>
                    {t("printables.showItems")}
                  </Link>
                )}
                <a className="kit-link" href={pack.download_url} download>
                  {t("printables.downloadPack")}
                </a>
              </div>
            </div>
            {openPack === pack.id && (
              <ul className="kit-items" aria-label={pack.title}>
                {pack.items.map((item: PrintableItemView) => (
                  <KitItemCard key={item.id} item={item} />
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
