import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { apiKeyFor } from "@kinderready/config/config.server";
import { describe, expect, it } from "vitest";

const script = fileURLToPath(new URL("./print-api-key.ts", import.meta.url));

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, [script], { env: { PATH: process.env.PATH, APP_ENV: "test", ...env } });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once("exit", (code) => resolve({ code, stdout, stderr })),
  );
}

describe("npm run api-key", () => {
  it("prints the key derived from API_SECRET, never the secret", async () => {
    const secret = "an-integration-secret-0123456789";
    expect(await run({ API_SECRET: secret })).toEqual({ code: 0, stdout: `${apiKeyFor(secret)}\n`, stderr: "" });
  });

  it("names the variable when the configuration is wrong", async () => {
    const answer = await run({ API_SECRET: "short" });
    expect(answer.code).toBe(1);
    expect(answer.stdout).toBe("");
    expect(answer.stderr).toContain("API_SECRET");
  });
});
