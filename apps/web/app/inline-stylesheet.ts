import { createContext, useContext } from "react";

/**
 * The app's stylesheet as text, given by the server to inline into the document's head (so the
 * first paint waits for no request); empty in the browser, which already has it in the page.
 */
export const InlineStylesheetContext = createContext("");

export function useInlineStylesheet(): string {
  return useContext(InlineStylesheetContext);
}
