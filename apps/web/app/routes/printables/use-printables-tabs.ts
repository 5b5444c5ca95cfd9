import { type KeyboardEvent, type MouseEvent, useRef, useState } from "react";
import { useLocation } from "react-router";
import { isPlainClick } from "../../components/plain-click.ts";

export const printablesTabs = ["printables", "additional_packs"] as const;
export type PrintablesTab = (typeof printablesTabs)[number];
/** The address's parameter that opens the page on a tab: what a tab's link asks for. */
const tabParam = "tab";

export type PrintablesTabs = ReturnType<typeof usePrintablesTabs>;

/**
 * The tab shown in TABS mode: the one the address asks for, or the packs for a parent back from
 * buying one. Tabs follow the WAI-ARIA pattern: arrows move between them, Tab goes into the
 * panel. A tab is a link to the page open on it; with scripts a plain click switches in place.
 */
export function usePrintablesTabs(returning: boolean) {
  const { pathname, search } = useLocation();
  const asked = new URLSearchParams(search).get(tabParam);
  const [tab, setTab] = useState<PrintablesTab>(
    returning || asked === "additional_packs" ? "additional_packs" : "printables",
  );
  const tabRefs = useRef<Record<PrintablesTab, HTMLAnchorElement | null>>({ printables: null, additional_packs: null });

  const onKeyDown = (event: KeyboardEvent) => {
    const step = { ArrowRight: 1, ArrowLeft: -1, Home: -printablesTabs.length, End: printablesTabs.length }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const rtl = document.documentElement.dir === "rtl" && Math.abs(step) === 1 ? -1 : 1;
    const index = Math.min(Math.max(printablesTabs.indexOf(tab) + step * rtl, 0), printablesTabs.length - 1);
    const next = printablesTabs[index] as PrintablesTab;
    setTab(next);
    tabRefs.current[next]?.focus();
  };
  const tabHref = (id: PrintablesTab) => {
    const query = new URLSearchParams(search);
    query.set(tabParam, id);
    return `${pathname}?${query}`;
  };
  const onTabClick = (event: MouseEvent, id: PrintablesTab) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    setTab(id);
  };
  const tabRef = (id: PrintablesTab) => (element: HTMLAnchorElement | null) => {
    tabRefs.current[id] = element;
  };
  return { tab, onKeyDown, tabHref, onTabClick, tabRef };
}
