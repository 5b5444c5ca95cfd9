import { createContext, useContext } from "react";

/** The CSP nonce of the document being rendered; empty in the browser, which hides it anyway. */
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
