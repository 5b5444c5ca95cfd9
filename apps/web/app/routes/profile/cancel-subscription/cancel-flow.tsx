import type { ProfileView } from "@kinderready/domain/profile/profile-schema";
import type { Locale } from "@kinderready/i18n/locales";
import { CancelConfirmStep, NotCancellable } from "./cancel-confirm-step.tsx";
import { CancelDone } from "./cancel-done.tsx";
import { CancelReasonStep } from "./cancel-reason-step.tsx";
import { SaveOffer } from "./save-offer.tsx";
import { useCancelFlow } from "./use-cancel-flow.ts";

/**
 * The cancel flow: confirmation, then the reason, then, once, the answer that fits the reason
 * beside "Cancel anyway", then the outcome. Each step moves focus to its heading, so screen
 * readers hear where they are.
 */
export function CancelFlow({ profile, locale }: { profile: ProfileView; locale: Locale }) {
  const flow = useCancelFlow(profile, locale);

  if (flow.end) return <CancelDone end={flow.end} locale={locale} heading={flow.heading} />;
  if (!profile.subscription?.canCancel) return <NotCancellable locale={locale} />;
  if (flow.step === "save" && flow.save) {
    return (
      <SaveOffer
        offered={flow.save}
        profile={profile}
        locale={locale}
        fetcher={flow.fetcher}
        result={flow.result}
        error={flow.serverError}
        heading={flow.heading}
        onMove={flow.move}
      />
    );
  }
  if (flow.step === "confirm") {
    return <CancelConfirmStep date={flow.date} locale={locale} heading={flow.heading} onMove={flow.move} />;
  }
  return (
    <CancelReasonStep
      fetcher={flow.fetcher}
      choice={flow.reason}
      hydrated={flow.hydrated}
      serverError={flow.serverError}
      heading={flow.heading}
    />
  );
}
