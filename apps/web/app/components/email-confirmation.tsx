import { useEffect } from "react";
import { useFetcher, useNavigate, useSearchParams } from "react-router";
import { useStoresHydrated } from "../stores/create-persisted-store.ts";

/**
 * Opening the welcome email's link (email, token, isForbiddenToMailing in the query) confirms
 * the address with the browser's time zone, then takes the email out of the address bar.
 */
export function EmailConfirmation() {
  const hydrated = useStoresHydrated((state) => state.hydrated);
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const fetcher = useFetcher();
  const email = searchParams.get("email");
  const token = searchParams.get("token");
  const forbidden = searchParams.get("isForbiddenToMailing");

  useEffect(() => {
    if (!hydrated || !email || !token || forbidden === null) return;
    void fetcher.submit(
      {
        email,
        token,
        isForbiddenToMailing: forbidden === "true",
        time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      },
      { method: "post", action: "/actions/confirm-email", encType: "application/json" },
    );
    const rest = new URLSearchParams(searchParams);
    rest.delete("email");
    rest.delete("isForbiddenToMailing");
    void navigate({ search: `?${rest.toString()}` }, { replace: true, preventScrollReset: true });
  }, [hydrated, email, token, forbidden, searchParams, navigate, fetcher.submit]);
  return null;
}
