import { describe, expect, it } from "vitest";
import { z } from "zod";
import { describeFailure, ruleSchema } from "./rule-schema.ts";
import { isEmpty, rules, validateValue } from "./rules.ts";

const fails = (value: unknown, rule: ReturnType<(typeof rules)[keyof typeof rules]>, form = {}) =>
  validateValue(value, [rule], form)?.rule;

describe("the generic rule set", () => {
  it("treats empty values, empty arrays and whitespace as missing, and skips optional empties", () => {
    for (const value of [undefined, null, "", "   ", []]) expect(isEmpty(value)).toBe(true);
    expect(fails("  ", rules.required())).toBe("required");
    expect(fails("", rules.email())).toBeUndefined();
    expect(fails(0, rules.required())).toBeUndefined();
  });

  it("checks letters in every script the product speaks", () => {
    for (const name of ["Zoë", "Лёва", "ليلى", "João"]) expect(fails(name, rules.alpha())).toBeUndefined();
    expect(fails("Anna Maria", rules.alpha())).toBe("alpha");
    expect(fails("Anna Maria", rules.alpha_spaces())).toBeUndefined();
    expect(fails("anna_1-b", rules.alpha_dash())).toBeUndefined();
    expect(fails("anna!", rules.alpha_num())).toBe("alpha_num");
  });

  it("checks numbers, ranges and lengths", () => {
    expect(fails("12", rules.numeric())).toBeUndefined();
    expect(fails("1.5", rules.numeric())).toBe("numeric");
    expect(fails("-3", rules.integer())).toBeUndefined();
    expect(fails("3,25", rules.double(2))).toBeUndefined();
    expect(fails("3.2", rules.double(2))).toBe("double");
    expect(fails("0", rules.min_value(1))).toBe("min_value");
    expect(fails("19", rules.max_value(18))).toBe("max_value");
    expect(fails("5", rules.between(1, 18))).toBeUndefined();
    expect(fails("1234", rules.digits(4))).toBeUndefined();
    expect(fails("123", rules.digits(4))).toBe("digits");
    expect(fails("x".repeat(41), rules.max(40))).toBe("max");
    expect(fails("😀".repeat(40), rules.max(40))).toBeUndefined();
    expect(fails("ab", rules.min(3))).toBe("min");
    expect(fails("abc", rules.length(3))).toBeUndefined();
  });

  it("accepts one address, or a list only where the rule allows it", () => {
    expect(fails("parent@example.com", rules.email())).toBeUndefined();
    expect(fails("parent@example", rules.email())).toBe("email");
    expect(fails("a@example.com, b@example.org", rules.email())).toBe("email");
    expect(fails("a@example.com, b@example.org", rules.email({ multiple: true }))).toBeUndefined();
    expect(fails("a@example.com, nope", rules.email({ multiple: true }))).toBe("email");
  });

  it("compares with other fields and lists", () => {
    expect(fails("x", rules.confirmed("password"), { password: "x" })).toBeUndefined();
    expect(fails("y", rules.confirmed("password"), { password: "x" })).toBe("confirmed");
    expect(fails("", rules.required_if("reason", "other"), { reason: "other" })).toBe("required_if");
    expect(fails("", rules.required_if("reason", "other"), { reason: "price" })).toBeUndefined();
    expect(fails("b", rules.oneOf(["a", "b"]))).toBeUndefined();
    expect(fails("c", rules.oneOf(["a", "b"]))).toBe("oneOf");
    expect(fails("a", rules.excluded(["a"]))).toBe("excluded");
    expect(fails("2024-01", rules.regex(/^\d{4}-\d{2}$/))).toBeUndefined();
  });

  it("checks files: image types, extensions, MIME types, size in KB and dimensions", () => {
    const photo = { name: "kid.JPG", type: "image/jpeg", size: 300 * 1024, width: 800, height: 600 };
    expect(fails(photo, rules.image())).toBeUndefined();
    expect(fails({ ...photo, name: "kid.pdf" }, rules.image())).toBe("image");
    expect(fails(photo, rules.ext(["png"]))).toBe("ext");
    expect(fails(photo, rules.mimes(["image/*"]))).toBeUndefined();
    expect(fails(photo, rules.mimes(["application/pdf"]))).toBe("mimes");
    expect(fails(photo, rules.size(200))).toBe("size");
    expect(fails([photo], rules.dimensions(800, 600))).toBeUndefined();
  });
});

describe("rule schemas for the API", () => {
  it("report the first broken rule in plain English with its parameters", () => {
    const schema = ruleSchema(z.string(), "name", [rules.required(), rules.max(40)]);
    expect(schema.safeParse("x".repeat(41)).error?.issues[0]?.message).toBe("Please keep it to 40 characters or fewer");
    expect(describeFailure({ rule: "between", params: { min: 1, max: 18 } }, "age")).toBe(
      "Please enter a number from 1 to 18",
    );
  });
});
