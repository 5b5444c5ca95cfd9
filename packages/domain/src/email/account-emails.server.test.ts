import { describe, expect, it } from "vitest";
import { renderAccessLinkEmail, renderDataErasedEmail } from "./account-emails.server.ts";

describe("account emails", () => {
  it("sends the sign-in link as a button and as text, saying how long it works", () => {
    const mail = renderAccessLinkEmail({
      locale: "en",
      to: "parent@example.com",
      signInUrl: "https://kit.example/profile/?access=abc.def",
      minutes: 30,
      supportEmail: "support@kit.example",
    });
    expect(mail.subject).toBe("Your KinderReady sign-in link");
    expect(mail.text).toContain("https://kit.example/profile/?access=abc.def");
    expect(mail.text).toContain("30 minutes");
    expect(mail.html).toContain('href="https://kit.example/profile/?access=abc.def"');
  });

  it("confirms the deletion in the parent's language and direction, naming nobody", () => {
    const mail = renderDataErasedEmail({ locale: "ar", to: "parent@example.com", supportEmail: "support@kit.example" });
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.subject).not.toBe("email.erased.subject");
    expect(mail.text).toContain("support@kit.example");
    expect(mail.text).not.toContain("parent@example.com");
  });
});
