import { describe, expect, it } from "vitest";
import { postedBodyFault, queryFault } from "./unstorable-text.server.ts";

const post = (body: BodyInit, type?: string) =>
  new Request("http://localhost/contact/", { method: "POST", body, headers: type ? { "content-type": type } : {} });

describe("postedBodyFault", () => {
  it("names the form field holding a NUL, and leaves the body for the action", async () => {
    const request = post("name=Ann&message=Hello%00there", "application/x-www-form-urlencoded");
    expect(await postedBodyFault(request)).toEqual({ field: "body.message" });
    expect((await request.formData()).get("name")).toBe("Ann");
  });

  it("names a JSON field holding a NUL or an unpaired surrogate, however deep", async () => {
    const nul = post(JSON.stringify({ kid: { name: "A\u0000" } }), "application/json");
    expect(await postedBodyFault(nul)).toEqual({ field: "body.kid.name" });
    const surrogate = post('{"questions":[{"answer":"\\ud800"}]}', "application/json");
    expect(await postedBodyFault(surrogate)).toEqual({ field: "body.questions.0.answer" });
  });

  it("reads JSON sent as text, or with no type at all, the same way, and other text as a whole", async () => {
    const nul = JSON.stringify({ intent: "check-email", email: "a\u0000b@example.com" });
    expect(await postedBodyFault(post(nul, "text/plain"))).toEqual({ field: "body.email" });
    expect(await postedBodyFault(post('{"token":"\\udfff"}'))).toEqual({ field: "body.token" });
    expect(await postedBodyFault(post("a\u0000", "text/plain"))).toEqual({ field: "body" });
  });

  it("finds a form that cannot be read (a broken multipart body, no boundary)", async () => {
    expect(await postedBodyFault(post("--x\r\nbroken", "multipart/form-data; boundary=x"))).toEqual({
      unreadable: true,
    });
    expect(await postedBodyFault(post("name=a", "multipart/form-data"))).toEqual({ unreadable: true });
  });

  it("passes ordinary text in any language, bodies that do not parse, and files", async () => {
    const form = new FormData();
    form.set("message", "Привет, مرحبا, 👋");
    form.set("file", new File(["\u0000"], "a.bin"));
    expect(await postedBodyFault(post(form))).toBeUndefined();
    expect(await postedBodyFault(post("{not json", "application/json"))).toBeUndefined();
    expect(await postedBodyFault(post("plain words", "text/plain"))).toBeUndefined();
  });
});

describe("queryFault", () => {
  it("names the query's parameter holding a NUL, in its name or its value", () => {
    expect(queryFault(new URL("http://localhost/admin/customers/?q=nul%00inside"))).toEqual({
      field: "querystring.q",
    });
    expect(queryFault(new URL("http://localhost/admin/export/experiment.csv?from=x&split=%00"))).toEqual({
      field: "querystring.split",
    });
    expect(queryFault(new URL("http://localhost/admin/?a%00b=1"))?.field).toMatch(/^querystring\.a/);
  });

  it("passes any other query, undecodable bytes included (they arrive as U+FFFD)", () => {
    expect(queryFault(new URL("http://localhost/admin/?q=%ED%A0%80&country=%FF&utm=Привет%20👋"))).toBeUndefined();
  });
});
