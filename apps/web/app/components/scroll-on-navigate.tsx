import { useEffect } from "react";
import { useLocation, useMatches, useNavigationType } from "react-router";

export type RouteHandle = {
  /** A route that manages its own scroll position (e.g. a step inside a flow) opts out. */
  keepScroll?: boolean;
};

/** After a navigation: scroll to the hash anchor if there is one, else to the top. */
export function ScrollOnNavigate() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const matches = useMatches();
  const keepScroll = matches.some((match) => (match.handle as RouteHandle | undefined)?.keepScroll);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per navigation, keyed by location
  useEffect(() => {
    if (navigationType === "POP") return;
    if (location.hash) {
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
      return;
    }
    if (!keepScroll) window.scrollTo(0, 0);
  }, [location.key]);
  return null;
}
