import { useLayoutEffect, useRef, useState } from "react";

/**
 * A `<dialog>` shown modal while `isOpen`. It is rendered once as the server did (open when
 * `openOnArrival`, not yet modal); from then on showModal() and close() own the attribute.
 */
export function useModalDialog(isOpen: boolean, openOnArrival: boolean) {
  const [openWhenRendered] = useState(openOnArrival);
  const ref = useRef<HTMLDialogElement>(null);
  // Before paint, so the server's open (not yet modal) popup turns modal without a flicker. Whether
  // it is modal is remembered rather than asked (`:modal`), which would make the browser work out
  // the whole page's style an extra time in the middle of hydrating it.
  const modal = useRef(false);
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (isOpen && !(modal.current && dialog.open)) {
      if (dialog.open) dialog.close();
      dialog.showModal();
      modal.current = true;
    }
    if (!isOpen && dialog.open) {
      dialog.close();
      modal.current = false;
    }
  }, [isOpen]);
  return { ref, openWhenRendered };
}
