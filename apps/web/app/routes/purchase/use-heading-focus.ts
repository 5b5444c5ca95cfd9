import { useRef } from "react";
import { flushSync } from "react-dom";

/**
 * Focus follows the parent's moves (and closed dialogs), not the first render or a resume: the
 * change is rendered first (flushSync), since a modal dialog keeps focus until it is gone.
 */
export function useHeadingFocus() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeading = () => {
    window.scrollTo(0, 0);
    headingRef.current?.focus({ preventScroll: true });
  };
  const thenFocusHeading = (change: () => void) => {
    flushSync(change);
    focusHeading();
  };
  return { headingRef, focusHeading, thenFocusHeading };
}
