import { describe, expect, it } from "vitest";
import { postedFieldWithUnstorableText } from "./unstorable-text.server.ts";

const post = (body: BodyInit, type?: string) =>
  new Request("http://localhost/contact/", { method: "POST", body, headers: type ? { "content-type": type } : {} });

describe("postedFieldWithUnstorableText", () => {
  it("names the form field holding a NUL, and leaves the body for the action", async () => {
    const request = post("name=Ann&message=Hello%00there", "application/x-www-form-urlencoded");
    expect(await postedFieldWithUnstorableText(request)).toBe("body.message");
    expect((await request.formData()).get("name")).toBe("Ann");
  });

  it("names a JSON field holding a NUL or an unpaired surrogate, however deep", async () => {
    const nul = post(JSON.stringify({ kid: { name: "A\u0000" } }), "application/json");
    expect(await postedFieldWithUnstorableText(nul)).toBe("body.kid.name");
    const surrogate = post('{"questions":[{"answer":"\\ud800"}]}', "application/json");
    expect(await postedFieldWithUnstorableText(surrogate)).toBe("body.questions.0.answer");
  });

  it("passes ordinary text in any language, bodies that do not parse, and files", async () => {
    const form = new FormData();
    form.set("message", "Привет, مرحبا, 👋");
    form.set("file", new File(["\u0000"], "a.bin"));
    expect(await postedFieldWithUnstorableText(post(form))).toBeUndefined();
    expect(await postedFieldWithUnstorableText(post("{not json", "application/json"))).toBeUndefined();
    expect(await postedFieldWithUnstorableText(post("a\u0000", "text/plain"))).toBeUndefined();
  });
});
