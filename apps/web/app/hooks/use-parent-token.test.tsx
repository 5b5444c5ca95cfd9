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
function Probe({ carry, createWhenNone }: { carry: (query: string) => void; createWhenNone?: boolean }) {
  const carrySavedToken = useCallback((query: URLSearchParams) => carry(query.toString()), [carry]);
  const parent = useParentToken({ carrySavedToken, createWhenNone });
  return <p>{`${parent.token ?? "nobody"} ${parent.inAddress ? "from the address" : "from this device"}`}</p>;
}

const renderProbe = (url: string, carry: (query: string) => void, createWhenNone = false) =>
  renderPage(<Probe carry={carry} createWhenNone={createWhenNone} />, { url, path: "/page/" });

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

  it("gives a device without any token a new one only where asked", async () => {
    const carry = vi.fn();
    const page = await renderProbe("/page/", carry);
    expect(screen.getByText("nobody from this device")).toBeTruthy();
    page.unmount();

    await renderProbe("/page/", carry, true);
    await waitFor(() => expect(useAnalyticsStore.getState().userId).toMatch(/^[A-Za-z0-9_-]{22}$/));
    // A token made here is the parent's already: there is nothing to carry.
    expect(carry).not.toHaveBeenCalled();
  });
});
