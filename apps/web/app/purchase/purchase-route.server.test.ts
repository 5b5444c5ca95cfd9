import { describe, expect, it } from "vitest";
import { offerCountry } from "./purchase-route.server.ts";

describe("offerCountry", () => {
  const url = (search: string) => new URL(`http://localhost/purchase/${search}`);

  it("takes the geo country, and in development a two-letter `country` parameter instead", () => {
    expect(offerCountry(url(""), "us", true)).toBe("us");
    expect(offerCountry(url("?country=GB"), "us", true)).toBe("gb");
    expect(offerCountry(url("?country=gbr"), "us", true)).toBe("us");
  });

  it("ignores the parameter in production", () => {
    expect(offerCountry(url("?country=gb"), "de", false)).toBe("de");
  });
});
