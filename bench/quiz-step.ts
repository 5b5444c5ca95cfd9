import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../e2e/system-chromium.ts";
import { startBenchServer } from "./bench-server.ts";

// Time from a click on an answer to the next question on screen, measured inside Chromium
// (system Chromium, loopback server), on this machine and with the CPU slowed 4x like a
// mid-range phone. Usage: node bench/quiz-step.ts   (npm run bench:quiz)

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const { baseUrl, stop } = await startBenchServer(3301, { IS_DEV: "false" });
try {
  for (const throttle of [1, 4]) {
    const samples: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 915 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttle });
      await page.goto(`${baseUrl}/onboarding/`);
      await page.waitForFunction(
        () => document.querySelector(".quiz") && (window as { __reactRouterContext?: unknown }).__reactRouterContext,
      );
      // Records, in the page, the time from the click to the paint after the question changes.
      await page.evaluate(() => {
        const state = window as unknown as { __steps: number[]; __start: number };
        state.__steps = [];
        document.addEventListener("click", () => (state.__start = performance.now()), true);
        new MutationObserver(() => {
          const start = state.__start;
          requestAnimationFrame(() => setTimeout(() => state.__steps.push(performance.now() - start)));
        }).observe(document.querySelector("#quiz-question") as Node, {
          childList: true,
          characterData: true,
          subtree: true,
        });
      });
      for (let i = 0; i < 15; i += 1) {
        const before = await page.locator(".quiz").getAttribute("data-step");
        await page.locator(".answers .answer").first().click();
        await page.waitForFunction(
          (step) => document.querySelector(".quiz")?.getAttribute("data-step") !== step,
          before,
        );
      }
      await page.waitForTimeout(100);
      samples.push(...(await page.evaluate(() => (window as unknown as { __steps: number[] }).__steps)));
      await context.close();
    }
    const sorted = samples.sort((a, b) => a - b);
    console.log(
      `click → next question painted, CPU ${throttle}x: median ${percentile(sorted, 0.5).toFixed(1)} ms   p95 ${percentile(sorted, 0.95).toFixed(1)} ms   max ${(sorted.at(-1) ?? 0).toFixed(1)} ms   (${sorted.length} steps)`,
    );
  }
} finally {
  await browser.close();
  await stop();
}
