import type { MouseEvent } from "react";

/**
 * A link's click the page may handle in place: the main button, no modifier key. A click meant
 * for a new window or tab is the browser's to follow.
 */
export const isPlainClick = (event: MouseEvent): boolean =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
