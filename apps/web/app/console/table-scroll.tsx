import type { ReactNode } from "react";

/**
 * A wide table scrolls sideways on a narrow laptop window; the scroll box takes focus so a
 * keyboard user can scroll it too (axe-core's scrollable-region-focusable rule).
 */
export function TableScroll({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="console-table-wrap" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </section>
  );
}
