import { describe, expect, it } from "vitest";
import { toCsv } from "./csv.ts";

describe("toCsv", () => {
  it("quotes separators, quotes and line breaks, and leaves numbers alone", () => {
    expect(
      toCsv({
        header: ["a", "b"],
        rows: [
          ["x,y", 'say "hi"'],
          [-1.5, null],
          ["line\nbreak", true],
        ],
      }),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n-1.5,\r\n"line\nbreak",true\r\n');
  });

  it("keeps spreadsheets from running a text cell as a formula", () => {
    expect(toCsv({ header: ["campaign"], rows: [["=HYPERLINK(1)"], ["+1"], ["@x"], ["-2"], ["plain"]] })).toBe(
      "campaign\r\n'=HYPERLINK(1)\r\n'+1\r\n'@x\r\n'-2\r\nplain\r\n",
    );
  });
});
