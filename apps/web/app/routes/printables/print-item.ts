import type { PrintableItemView } from "@kinderready/domain/printables/printables-schema";
import type { MouseEvent } from "react";

/**
 * Printing loads the PDF in a hidden frame and opens the print dialog; without scripts the link
 * opens the PDF, whose viewer prints.
 */
export function printItem(event: MouseEvent<HTMLAnchorElement>, item: Pick<PrintableItemView, "title" | "print_url">) {
  if (!item.print_url) return;
  event.preventDefault();
  document.querySelector("iframe.kit-print-frame")?.remove();
  const frame = document.createElement("iframe");
  frame.className = "kit-print-frame";
  frame.title = item.title;
  // Out of sight but rendered: a display:none frame never loads its PDF viewer, so cannot print.
  Object.assign(frame.style, {
    position: "fixed",
    insetInlineEnd: "0",
    bottom: "0",
    width: "0",
    height: "0",
    border: "0",
  });
  frame.src = item.print_url;
  frame.addEventListener("load", () => {
    try {
      frame.contentWindow?.print();
    } catch {
      window.open(item.print_url ?? "", "_blank", "noopener");
    }
  });
  document.body.append(frame);
}
