import type { AddressInfo } from "node:net";
import { emailOutbox } from "@kinderready/db/schema";
import { openTestDatabase } from "@kinderready/db/test/test-databases";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderWelcomeEmail } from "../email/welcome-email.server.ts";
import { createOutboxSender, createSmtpSender } from "./mail-sender.server.ts";

const welcome = (locale: "en" | "ar") =>
  renderWelcomeEmail({
    locale,
    to: "parent@example.com",
    kidName: "Emma",
    confirmUrl: "https://kinderready.test/purchase/?email=parent%40example.com&token=abc&isForbiddenToMailing=false",
    supportEmail: "help@example.com",
  });

describe("SMTP delivery to a real SMTP server", () => {
  const received: { from: string | undefined; to: string[]; raw: string; user: string | undefined }[] = [];
  let server: SMTPServer;
  let port = 0;

  beforeAll(async () => {
    server = new SMTPServer({
      secure: false,
      disabledCommands: ["STARTTLS"],
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        if (auth.username === "mailer" && auth.password === "s3cret") callback(null, { user: auth.username });
        else callback(new Error("Invalid username or password"));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString("utf8"),
            user: session.user,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("authenticates and delivers a multipart message with both parts", async () => {
    const sender = createSmtpSender(`smtp://mailer:s3cret@127.0.0.1:${port}`, "KinderReady <hello@kinderready.test>");
    const result = await sender.send(welcome("en"));
    sender.close();
    expect(result.messageId).toMatch(/^<.+>$/);
    const [mail] = received;
    expect(mail).toMatchObject({ from: "hello@kinderready.test", to: ["parent@example.com"], user: "mailer" });
    expect(mail?.raw).toContain("Subject: Emma's kindergarten-readiness plan is ready");
    expect(mail?.raw).toContain("Content-Type: multipart/alternative");
    expect(mail?.raw).toContain("Content-Type: text/plain; charset=utf-8");
    expect(mail?.raw).toContain("Content-Type: text/html; charset=utf-8");
  });

  it("fails loudly on wrong credentials, so the job retries", async () => {
    const sender = createSmtpSender(`smtp://mailer:wrong@127.0.0.1:${port}`, "hello@kinderready.test");
    await expect(sender.send(welcome("en"))).rejects.toThrow(/Invalid username or password/);
    sender.close();
  });
});

describe("outbox delivery", () => {
  it("stores the full MIME message in the database", async () => {
    const database = await openTestDatabase({ name: "pglite", databaseUrl: undefined, dataDir: "memory://" });
    const sender = createOutboxSender({ db: database.db }, "hello@kinderready.test");
    await sender.send(welcome("ar"));
    const [row] = await database.db.select().from(emailOutbox);
    await database.close();
    expect(row?.recipient).toBe("parent@example.com");
    expect(row?.html).toContain('dir="rtl"');
    expect(row?.raw).toMatch(/^From: hello@kinderready\.test$/m);
  });
});

describe("welcome email", () => {
  it("escapes what the parent typed and links the confirmation in both parts", () => {
    const mail = renderWelcomeEmail({
      locale: "en",
      to: "p@example.com",
      kidName: "<b>Max</b>",
      confirmUrl: "https://kinderready.test/purchase/?a=1&b=2",
      supportEmail: "help@example.com",
    });
    expect(mail.html).not.toContain("<b>Max</b>");
    expect(mail.html).toContain("&lt;b&gt;Max&lt;/b&gt;");
    expect(mail.html).toContain('href="https://kinderready.test/purchase/?a=1&amp;b=2"');
    expect(mail.text).toContain("https://kinderready.test/purchase/?a=1&b=2");
  });
});
