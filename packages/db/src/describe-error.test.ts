import { describe, expect, it } from "vitest";
import { describeError } from "./describe-error.ts";

describe("describeError", () => {
  it("drops query parameters and row details that may hold personal data", () => {
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "users_product_email_unique"'),
      {
        code: "23505",
        detail: "Key (product, email)=(kinderready, parent@example.com) already exists.",
      },
    );
    const error = new Error("Failed query: insert into users values ($1, $2)\nparams: kinderready,parent@example.com", {
      cause,
    });
    const described = describeError(error);
    expect(JSON.stringify(described)).not.toContain("parent@example.com");
    expect(described).toMatchObject({ type: "Error", code: "23505" });
    expect(described.message).toContain("Failed query: insert into users");
    expect(described.message).toContain("users_product_email_unique");
  });
});
