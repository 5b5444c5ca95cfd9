import { directionOf, type Locale } from "@kinderready/i18n/locales";
import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { type CSSProperties, createElement as h, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { OutgoingMail } from "./mail.ts";

// Every email's frame, drawn with React Email's components (tables, inline styles, and the
// button's padding that Outlook needs, as Gmail, Outlook and Apple Mail render them alike), in
// the parent's language and direction, with its plain-text part beside it. Written with
// createElement rather than JSX: the server loads the domain's TypeScript as Node strips it,
// and Node knows no JSX.

const purple = "#5b3fd1";
const ink = "#2b2540";
const muted = "#6b6480";
const font = "Arial,Helvetica,sans-serif";

const webAddress = /https?:\/\/[^\s<]*[^\s<.,;:!?)]/g;

/** A web address as a link, isolated left to right: a right-to-left line keeps its slashes in place. */
const addressLink = (url: string, key?: number) =>
  h(Link, { key, href: url, dir: "ltr", style: { color: purple, wordBreak: "break-all" } }, url);

/** A paragraph's text with its web addresses made links. */
function linkedText(paragraph: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of paragraph.matchAll(webAddress)) {
    parts.push(paragraph.slice(at, match.index), addressLink(match[0], match.index));
    at = match.index + match[0].length;
  }
  parts.push(paragraph.slice(at));
  return parts;
}

export function renderEmail(input: {
  locale: Locale;
  to: string;
  subject: string;
  preheader: string;
  paragraphs: string[];
  /** The one button, its address written out under it (after `fallback`), and the paragraphs after. */
  link?: { label: string; url: string; fallback: string; after: string[] };
  footer: string;
  /** A marketing mail's way out: a link under the footer, and the List-Unsubscribe headers. */
  unsubscribe?: { label: string; url: string };
}): OutgoingMail {
  const { link } = input;
  const text = [
    ...input.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...(link ? [link.url, "", ...link.after.flatMap((paragraph) => [paragraph, ""])] : []),
    "--",
    input.footer,
    // On two lines: a colon between them would need each language's own spacing.
    ...(input.unsubscribe ? ["", input.unsubscribe.label, input.unsubscribe.url] : []),
  ].join("\n");

  const dir = directionOf(input.locale);
  const paragraph: CSSProperties = {
    margin: "0 0 16px",
    fontSize: "16px",
    lineHeight: "24px",
    color: ink,
    textAlign: dir === "rtl" ? "right" : "left",
  };
  const small: CSSProperties = {
    maxWidth: "560px",
    margin: "8px auto 0",
    fontFamily: font,
    fontSize: "12px",
    lineHeight: "18px",
    color: muted,
    textAlign: "center",
  };
  const say = (content: string, key: string) => h(Text, { key, style: paragraph }, ...linkedText(content));
  const button =
    link &&
    h(
      Button,
      {
        href: link.url,
        style: {
          margin: "8px 0 24px",
          padding: "14px 28px",
          borderRadius: "999px",
          backgroundColor: purple,
          color: "#ffffff",
          fontSize: "16px",
          fontWeight: "bold",
          textDecoration: "none",
        },
      },
      link.label,
    );

  const frame = h(
    Html,
    { lang: input.locale, dir },
    h(Head, null, h("meta", { name: "color-scheme", content: "light" }), h("title", null, input.subject)),
    h(Preview, null, input.preheader),
    h(
      Body,
      { style: { margin: 0, padding: "24px 12px", backgroundColor: "#fff8ec" } },
      h(
        Container,
        { dir, style: { maxWidth: "560px", backgroundColor: "#ffffff", borderRadius: "16px" } },
        h(
          Section,
          { style: { padding: "32px 28px", fontFamily: font } },
          h(
            Text,
            { style: { ...paragraph, margin: "0 0 24px", fontSize: "22px", fontWeight: "bold", color: purple } },
            "KinderReady",
          ),
          input.paragraphs.map((content, index) => say(content, `p${index}`)),
          link && [
            h(Section, { key: "button" }, button),
            h(Text, { key: "fallback", style: paragraph }, link.fallback, h("br"), addressLink(link.url)),
            link.after.map((content, index) => say(content, `a${index}`)),
          ],
        ),
      ),
      h(Text, { style: { ...small, margin: "16px auto 0" } }, input.footer),
      input.unsubscribe &&
        h(
          Text,
          { style: small },
          h(Link, { href: input.unsubscribe.url, style: { color: muted } }, input.unsubscribe.label),
        ),
    ),
  );
  const html = `<!DOCTYPE html>${renderToStaticMarkup(frame)}`;
  return { to: input.to, subject: input.subject, text, html, unsubscribeUrl: input.unsubscribe?.url };
}
