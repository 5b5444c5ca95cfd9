import { clampIndex } from "@kinderready/domain/onboarding/quiz-engine";
import { quizFlow } from "@kinderready/domain/onboarding/quiz-flow";
import { z } from "zod";
import { cookieString, readCookie } from "../../cookies.ts";
import { storeCookieName, storeKey } from "../../stores/persistence.ts";
import { type OnboardingState, onboardingStoreName, onboardingStoreVersion } from "./quiz-progress.ts";

// The saved quiz as the server reads and writes it: the browser's store's cookie, checked
// before it is used (it is the visitor's to change).

const cookieName = storeCookieName(storeKey(onboardingStoreName));
const keptSeconds = 365 * 24 * 60 * 60;

const text = (max: number) => z.string().max(max);
// What the store writes (zustand's persisted form); anything else is a quiz not started.
const savedSchema = z.object({
  state: z.object({
    kid: z.object({
      name: text(200),
      years: z.object({ text: text(60), value: z.number() }).optional(),
    }),
    email: text(254),
    questions: z
      .array(z.object({ id: text(40), answer: z.union([text(100), z.array(text(100)).max(20)]) }))
      .max(quizFlow.length),
    topics: z.array(text(60)).max(60),
    mailingConsent: z.boolean().optional(),
    step: z.number().int(),
  }),
  version: z.literal(onboardingStoreVersion),
});

/** The quiz saved in the request's cookie; undefined when there is none (or it is not ours). */
export function savedQuizProgress(cookies: string | null | undefined): OnboardingState | undefined {
  const raw = readCookie(cookies, cookieName);
  if (!raw) return undefined;
  try {
    const saved = savedSchema.safeParse(JSON.parse(raw));
    if (!saved.success) return undefined;
    const { kid, mailingConsent, step, ...rest } = saved.data.state;
    return { ...rest, kid: { name: kid.name, years: kid.years }, mailingConsent, step: clampIndex(quizFlow, step) };
  } catch {
    return undefined;
  }
}

/** The Set-Cookie value that saves the quiz as the browser's store would. */
export function quizProgressCookie(state: OnboardingState, secure: boolean): string {
  return cookieString(cookieName, JSON.stringify({ state, version: onboardingStoreVersion }), {
    maxAgeSeconds: keptSeconds,
    secure,
  });
}
