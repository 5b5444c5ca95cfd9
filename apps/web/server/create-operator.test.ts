import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openDb } from "@kinderready/db/open-db";
import { operators } from "@kinderready/db/schema";
import { afterAll, describe, expect, it } from "vitest";

const script = fileURLToPath(new URL("./create-operator.ts", import.meta.url));

function run(args: string[], stdin: string, dataDir: string) {
  const child = spawn(process.execPath, [script, ...args], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, APP_ENV: "test" },
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  child.stdin.end(stdin);
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once("exit", (code) => resolve({ code, output })),
  );
}

describe("npm run operator:create", () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it("adds an operator with the password from standard input, and refuses a short one or a repeat", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "kinderready-operator-"));
    dirs.push(dataDir);
    expect(await run(["New@Example.com"], "a long operator passphrase\n", dataDir)).toEqual({
      code: 0,
      output: "created operator new@example.com\n",
    });
    expect((await run(["short@example.com"], "short\n", dataDir)).output).toContain("at least 12 characters");
    expect((await run(["new@example.com"], "another long passphrase\n", dataDir)).code).toBe(1);
    expect((await run([], "", dataDir)).code).toBe(2);
    const database = await openDb({ databaseUrl: undefined, dataDir });
    const rows = await database.db.select({ email: operators.email }).from(operators);
    await database.close();
    expect(rows).toEqual([{ email: "new@example.com" }]);
  }, 60_000);
});
