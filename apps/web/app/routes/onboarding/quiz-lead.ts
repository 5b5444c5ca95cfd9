import type { SubmitTarget } from "react-router";
import { useAnalyticsStore } from "../../stores/analytics-store.ts";
import { useTrackingStore } from "../../stores/tracking-store.ts";
import type { OnboardingState } from "./quiz-progress.ts";

/** What the parent gives on the email page. */
export type LeadInput = { email: string; mailingConsent: boolean };

/**
 * The finished quiz as the scripts post it: the saved answers, the email page's input, this
 * device's lead and the landing's attribution.
 */
export function quizLeadPost(state: OnboardingState, { email, mailingConsent }: LeadInput): SubmitTarget {
  const { userId } = useAnalyticsStore.getState();
  const { tracking } = useTrackingStore.getState();
  const years = state.kid.years;
  // JSON drops the fields that are not set (the landing may carry no click ids).
  return JSON.parse(
    JSON.stringify({
      intent: "submit",
      search: window.location.search,
      lead: {
        kid: { name: state.kid.name, years: years ?? { text: "", value: 0 } },
        email,
        questions: state.questions,
        ...(state.topics.length > 0 && { topics: state.topics }),
        isForbiddenToMailing: !mailingConsent,
        // The device's own lead, answering again; a new one gets its token from the server.
        ...(userId && { user_token: userId }),
        time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        tracking: tracking ?? { utmLabels: {}, googleAnalytics: {}, fbAnalytics: {}, organic: true },
      },
    }),
  ) as SubmitTarget;
}
