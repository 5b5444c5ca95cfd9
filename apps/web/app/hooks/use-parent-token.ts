import { createRandomToken, userTokenPattern } from "@kinderready/domain/random-token";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { useAnalyticsStore } from "../stores/analytics-store.ts";
import { useStoresHydrated } from "../stores/create-persisted-store.ts";

export type ParentToken = {
  /** The address's token, else the one this device saved (none before saved state is back). */
  token: string | undefined;
  /** Whether the address names the parent, so the server's page data is theirs. */
  inAddress: boolean;
};

/**
 * The parent a page is for. The address's token is this device's parent, and is saved as such.
 * Without one, the saved token goes into the address: `carrySavedToken` gets the page's query with
 * it (the purchase pages replace their address; the quiz asks its loader, which sends a parent who
 * already finished on). A device with no token at all gets a new one where `createWhenNone` (the
 * quiz, where a parent starts). `carrySavedToken` must be stable (useCallback): a new one runs it again.
 */
export function useParentToken({
  carrySavedToken,
  createWhenNone = false,
}: {
  carrySavedToken: (query: URLSearchParams) => void;
  createWhenNone?: boolean;
}): ParentToken {
  const hydrated = useStoresHydrated((state) => state.hydrated);
  const [searchParams] = useSearchParams();
  const urlToken = searchParams.get("token");
  const addressToken = urlToken !== null && userTokenPattern.test(urlToken) ? urlToken : undefined;
  const savedToken = useAnalyticsStore((state) => state.userId);

  // The saved token is read when the address changes, not followed: the token this creates (or
  // adopts) is already the parent's and needs carrying nowhere.
  useEffect(() => {
    if (!hydrated) return;
    const saved = useAnalyticsStore.getState().userId;
    if (addressToken) {
      if (addressToken !== saved) useAnalyticsStore.setState({ userId: addressToken });
      return;
    }
    if (saved) {
      const query = new URLSearchParams(searchParams);
      query.set("token", saved);
      carrySavedToken(query);
      return;
    }
    if (createWhenNone) useAnalyticsStore.setState({ userId: createRandomToken() });
  }, [hydrated, addressToken, searchParams, carrySavedToken, createWhenNone]);

  return { token: addressToken ?? savedToken, inAddress: addressToken !== undefined };
}
