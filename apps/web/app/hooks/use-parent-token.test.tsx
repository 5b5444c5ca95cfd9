// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from "@testing-library/react";
import { useCallback } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../test/render-page.tsx";
import { useAnalyticsStore } from "../stores/analytics-store.ts";
import { useParentToken } from "./use-parent-token.ts";

const addressToken = "address-parent-0123456789abcdef";
const savedToken = "saved-parent-0123456789abcdef";

/** A page that shows whom the hook names, and hands a saved token to `carry`. */
function Probe({ carry, refusedToken }: { carry: (query: string) => void; refusedToken?: string }) {
  const carrySavedToken = useCallback((query: URLSearchParams) => carry(query.toString()), [carry]);
  const parent = useParentToken({ carrySavedToken, refusedToken });
  return <p>{`${parent.token ?? "nobody"} ${parent.inAddress ? "from the address" : "from this device"}`}</p>;
}

const renderProbe = (url: string, carry: (query: string) => void, refusedToken?: string) =>
  renderPage(<Probe carry={carry} refusedToken={refusedToken} />, { url, path: "/page/" });

describe("useParentToken", () => {
  beforeEach(() => useAnalyticsStore.setState(useAnalyticsStore.getInitialState(), true));
  afterEach(cleanup);

  it("takes the address's token as this device's parent", async () => {
    useAnalyticsStore.setState({ userId: savedToken });
    const carry = vi.fn();
    await renderProbe(`/page/?token=${addressToken}`, carry);
    expect(screen.getByText(`${addressToken} from the address`)).toBeTruthy();
    await waitFor(() => expect(useAnalyticsStore.getState().userId).toBe(addressToken));
    expect(carry).not.toHaveBeenCalled();
  });

  it("carries the saved token into the page's query when the address has none (or one the server would refuse)", async () => {
    useAnalyticsStore.setState({ userId: savedToken });
    const carry = vi.fn();
    await renderProbe("/page/?offer=1&token=short", carry);
    expect(screen.getByText(`${savedToken} from this device`)).toBeTruthy();
    await waitFor(() => expect(carry).toHaveBeenCalledWith(`offer=1&token=${savedToken}`));
    expect(carry).toHaveBeenCalledTimes(1);
  });

  it("never makes a token up: a device without one has nobody until the server issues one", async () => {
    const carry = vi.fn();
    await renderProbe("/page/", carry);
    expect(screen.getByText("nobody from this device")).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(useAnalyticsStore.getState().userId).toBeUndefined();
    expect(carry).not.toHaveBeenCalled();
  });

  it("neither keeps nor uses a token the server refused, in the address or saved on the device", async () => {
    const planted = "AAAAAAAAAAAAAAAAAAAAAA";
    const carry = vi.fn();
    const page = await renderProbe(`/page/?token=${planted}`, carry, planted);
    expect(screen.getByText("nobody from this device")).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(useAnalyticsStore.getState().userId).toBeUndefined();
    page.unmount();

    // Saved on the device (made up by an older page, or its parent deleted their data): dropped, not carried again.
    useAnalyticsStore.setState({ userId: savedToken });
    await renderProbe(`/page/?token=${savedToken}`, carry, savedToken);
    await waitFor(() => expect(useAnalyticsStore.getState().userId).toBeUndefined());
    expect(carry).not.toHaveBeenCalled();
  });
});
