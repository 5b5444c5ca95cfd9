import { describe, expect, it } from "vitest";
import { onboardingBody } from "./onboarding-schema.ts";

const lead = (name: string, years = "5 years") => ({
  kid: { name, years: { text: years, value: 5 } },
  email: "parent@example.com",
  questions: [],
  isForbiddenToMailing: false,
  user_token: "abcdefghijklmnopqrstuv",
  purchasePathByFlow: "/purchase/",
  product: "kinderready",
});

describe("onboardingBody", () => {
  it("stores a kid's name without control characters or direction overrides", () => {
    const parsed = onboardingBody.parse(lead("\u202EMia\u001B[0m\u0007 ", "\u20665 years\u2069"));
    expect(parsed.kid.name).toBe("Mia[0m");
    expect(parsed.kid.years.text).toBe("5 years");
  });

  it("keeps names in every script, and refuses one that was nothing but such characters", () => {
    expect(onboardingBody.parse(lead("مريم")).kid.name).toBe("مريم");
    expect(onboardingBody.parse(lead("Ана-Мария")).kid.name).toBe("Ана-Мария");
    const empty = onboardingBody.safeParse(lead("\u202E\u0007"));
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.path).toEqual(["kid", "name"]);
  });
});
