import { describe, expect, it } from "vitest";
import { withdrawalRightApplies } from "./withdrawal-right.ts";

describe("the right of withdrawal", () => {
  it("applies across the EU, the rest of the EEA and the UK, whatever the code's case", () => {
    for (const country of ["de", "AT", "fr", "es", "pt", "ie", "no", "is", "li", "gb", "GB"]) {
      expect(withdrawalRightApplies(country), country).toBe(true);
    }
  });

  it("does not apply in Switzerland (no statutory right for online purchases) or outside Europe", () => {
    for (const country of ["ch", "us", "ca", "au", "br", "ru", "sa", "eg", "xx"]) {
      expect(withdrawalRightApplies(country), country).toBe(false);
    }
  });
});
