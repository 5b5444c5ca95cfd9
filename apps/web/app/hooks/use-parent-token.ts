import { userTokenPattern } from "@kinderready/domain/random-token";
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
 * The parent a page is for. The address's token is this device's parent, and is saved as such,
 * unless the server refused it (`refusedToken`: a token it never issued, or whose parent is gone),
 * which is neither used nor kept, and dropped where it was saved. Without one, the saved token
 * goes into the address: `carrySavedToken` gets the page's query with it (the purchase pages
 * replace their address; the quiz asks its loader, which sends a parent who already finished on).
 * A device never makes a token up: the server issues one when the quiz is stored.
 * `carrySavedToken` must be stable (useCallback): a new one runs it again.
 */
export function useParentToken({
  carrySavedToken,
  refusedToken,
}: {
  carrySavedToken: (query: URLSearchParams) => void;
  refusedToken: string | null | undefined;
}): ParentToken {
  const hydrated = useStoresHydrated((state) => state.hydrated);
  const [searchParams] = useSearchParams();
  const urlToken = searchParams.get("token");
  const addressToken =
    urlToken !== null && urlToken !== refusedToken && userTokenPattern.test(urlToken) ? urlToken : undefined;
  const savedToken = useAnalyticsStore((state) => state.userId);

  // The saved token is read when the address changes, not followed: the token this adopts is
  // already the parent's and needs carrying nowhere.
  useEffect(() => {
    if (!hydrated) return;
    const saved = useAnalyticsStore.getState().userId;
    if (saved && saved === refusedToken) {
      useAnalyticsStore.setState({ userId: undefined });
      return;
    }
    if (addressToken) {
      if (addressToken !== saved) useAnalyticsStore.setState({ userId: addressToken });
      return;
    }
    if (saved) {
      const query = new URLSearchParams(searchParams);
      query.set("token", saved);
      carrySavedToken(query);
    }
  }, [hydrated, addressToken, searchParams, carrySavedToken, refusedToken]);

  return {
    token: addressToken ?? (savedToken === refusedToken ? undefined : savedToken),
    inAddress: addressToken !== undefined,
  };
}
