import { useEffect, useState } from "react";

// The analysis animates through these percentages at 100–300 ms per percent, with
// pauses of up to 400 ms between steps, and stops at 95 until the email is in. Without scripts
// the style sheet's `analysis-percent` keyframes follow the same course (app.css).
const steps = [0, 25, 50, 75, 90, 93, 94, 95];
const speeds = [100, 120, 160, 200, 300, 300, 300];
const delays = [0, 250, 400, 300, 400, 400, 400];

/** The displayed percentage; with reduced motion it moves step by step instead of counting. */
export function useAnalysisProgress(): number {
  const [percent, setPercent] = useState(0);
  useEffect(() => {
    const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    let timer: ReturnType<typeof setTimeout>;
    let segment = 0;
    let current = 0;
    const tick = () => {
      const target = steps[segment + 1];
      if (target === undefined) return;
      current = reduced ? target : current + 1;
      setPercent(current);
      if (current >= target) {
        segment += 1;
        timer = setTimeout(tick, (delays[segment] ?? 0) + (reduced ? 600 : (speeds[segment] ?? 300)));
      } else {
        timer = setTimeout(tick, speeds[segment] ?? 300);
      }
    };
    timer = setTimeout(tick, speeds[0] ?? 100);
    return () => clearTimeout(timer);
  }, []);
  return percent;
}

/** Which of the four status lines goes with a percentage. */
export const statusIndexOf = (percent: number) => (percent < 25 ? 0 : percent < 50 ? 1 : percent < 90 ? 2 : 3);
