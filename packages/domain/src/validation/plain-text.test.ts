import { describe, expect, it } from "vitest";
import { withoutControls } from "./plain-text.ts";

describe("withoutControls", () => {
  it("drops control characters and the marks that reorder how text shows", () => {
    expect(withoutControls("Em\u001B[31mma\u0007")).toBe("Em[31mma");
    expect(withoutControls("\u202Eevil\u202C txt")).toBe("evil txt");
    expect(withoutControls("\u2066a\u2067b\u2068c\u2069\u200E\u200F\u061C")).toBe("abc");
    expect(withoutControls("line\nbreak\r\ttab\u2028\u2029\u0085")).toBe("linebreaktab");
  });

  it("keeps letters of every script, accents, emoji and the joiners they need", () => {
    for (const text of ["Zoë", "Мария", "مريم", "لا\u200Cإله", "👩\u200D👩\u200D👧", "e\u0301", "José María"]) {
      expect(withoutControls(text)).toBe(text);
    }
  });
});
