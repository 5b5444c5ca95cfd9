import { type Locale, localeCodes, localizePath, splitLocalePath } from "@kinderready/i18n/locales";
import type { MetaDescriptor } from "react-router";

export type SeoStrings = {
  title: string;
  description: string;
  imageAlt: string;
  siteName: string;
};

const ogImage = { path: "/og-image.png", width: 1200, height: 630 } as const;

/** Share-preview and search tags for one page: absolute URLs from APP_URL, one alternate per language. */
export function pageMeta(input: {
  appUrl: string;
  pathname: string;
  locale: Locale;
  seo: SeoStrings;
}): MetaDescriptor[] {
  const { appUrl, pathname, locale, seo } = input;
  const unprefixed = splitLocalePath(pathname).path;
  const url = `${appUrl}${localizePath(unprefixed, locale)}`;
  return [
    { title: seo.title },
    { name: "description", content: seo.description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: seo.siteName },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: url },
    { property: "og:locale", content: locale },
    { property: "og:image", content: `${appUrl}${ogImage.path}` },
    { property: "og:image:width", content: String(ogImage.width) },
    { property: "og:image:height", content: String(ogImage.height) },
    { property: "og:image:alt", content: seo.imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: seo.title },
    { name: "twitter:description", content: seo.description },
    { name: "twitter:image", content: `${appUrl}${ogImage.path}` },
    { name: "twitter:image:alt", content: seo.imageAlt },
    { tagName: "link", rel: "canonical", href: url },
    ...localeCodes.map((code) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: code,
      href: `${appUrl}${localizePath(unprefixed, code)}`,
    })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: `${appUrl}${localizePath(unprefixed, "en")}` },
  ];
}
