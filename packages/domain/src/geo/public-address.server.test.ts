import { describe, expect, it } from "vitest";
import { placeableAddress } from "./public-address.server.ts";

describe("placeableAddress", () => {
  it("accepts public IPv4 and IPv6 addresses, writing mapped IPv4 plainly", () => {
    expect(placeableAddress("8.8.8.8")).toBe("8.8.8.8");
    expect(placeableAddress("81.2.69.142")).toBe("81.2.69.142");
    expect(placeableAddress("2001:4860:4860::8888")).toBe("2001:4860:4860::8888");
    expect(placeableAddress("2A00:1450::1")).toBe("2a00:1450::1");
    expect(placeableAddress("::ffff:8.8.8.8")).toBe("8.8.8.8");
  });

  it("refuses loopback, private, carrier-NAT, link-local, unique-local, documentation and malformed addresses", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "100.64.0.1",
      "169.254.1.1",
      "0.0.0.0",
      "203.0.113.7",
      "255.255.255.255",
      "::1",
      "::",
      "::ffff:127.0.0.1",
      "::ffff:192.168.0.1",
      "fd12:3456::1",
      "fe80::1",
      "2001:db8::1",
      "",
      "localhost",
      "999.1.1.1",
    ]) {
      expect(placeableAddress(address), address).toBeUndefined();
    }
  });
});
