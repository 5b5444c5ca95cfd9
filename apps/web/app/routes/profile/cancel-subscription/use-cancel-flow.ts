import type { ProfileView } from "@kinderready/domain/profile/profile-schema";
import type { Locale } from "@kinderready/i18n/locales";
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { useActionData, useFetcher, useSearchParams } from "react-router";
import { track } from "../../../analytics/analytics.ts";
import { useTranslation } from "../../../i18n/translation-context.tsx";
import { formatDate } from "../../../payments/profile-format.ts";
import { useStoresHydrated } from "../../../stores/create-persisted-store.ts";
import type { ProfileActionResult } from "../profile-route.server.ts";
import type { FlowEnd } from "./cancel-done.tsx";
import type { OfferedSave } from "./save-offer.tsx";

/** How the flow ended, from the last answer: cancelled, paused, lifetime access bought or kept. */
const flowEndOf = (result: ProfileActionResult | undefined): FlowEnd | undefined =>
  result?.ok &&
  (result.intent === "cancel" ||
    result.intent === "pause" ||
    result.intent === "lifetime" ||
    result.intent === "help-worked")
    ? result
    : undefined;

/**
 * The cancel flow's state: the step the parent is on (from the last answer, by the fetcher or,
 * before the scripts loaded, by the page), focus moving to each step's heading, and the reason
 * chosen.
 */
export function useCancelFlow(profile: ProfileView, locale: Locale) {
  const { t, ifKnown } = useTranslation();
  const fetcher = useFetcher<ProfileActionResult>();
  // Posted before the scripts loaded, the form was a plain one: its answer is the page's.
  const posted = useActionData<ProfileActionResult>();
  const result = fetcher.data ?? posted;
  const [params] = useSearchParams();
  // The offer answered to the reason stays on screen while the parent answers it.
  const offered = result?.intent === "cancel-reason" && result.ok ? result : undefined;
  const [save, setSave] = useState<OfferedSave | undefined>(offered);
  if (offered && offered !== save) setSave(offered);
  const end = flowEndOf(result);
  // The reason step has its own address, so it works as a plain link and with the back button.
  const step = end ? "done" : save ? "save" : params.get("step") === "reason" || result ? "reason" : "confirm";
  const { heading, move } = useStepFocus();

  const cancelledNow = end?.intent === "cancel";
  useEffect(() => {
    if (cancelledNow) track("subscription_cancelled");
  }, [cancelledNow]);

  const hydrated = useStoresHydrated((state) => state.hydrated);
  const reason = useReasonChoice(move);
  const until = profile.subscription?.expired_at;
  return {
    fetcher,
    result,
    save,
    end,
    step,
    heading,
    move,
    hydrated,
    reason,
    date: until ? formatDate(until, locale) : "",
    serverError: result && !result.ok ? (ifKnown(result.errorKey) ?? t("errors.generic")) : undefined,
  };
}

/** Each step's heading is a new element: once the parent has moved on, it takes focus as it mounts. */
function useStepFocus() {
  const moved = useRef(false);
  const heading = useCallback((node: HTMLHeadingElement | null) => {
    if (node && moved.current) node.focus();
  }, []);
  const move = () => {
    moved.current = true;
  };
  return { heading, move };
}

/**
 * The reason ticked. The radios are the browser's own (uncontrolled): a reason ticked before the
 * scripts ran stays ticked, and is read back once they do. Nothing ticked keeps the form from
 * posting and asks for a reason.
 */
function useReasonChoice(move: () => void) {
  const [reason, setReason] = useState<string>();
  const [missing, setMissing] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const ticked = formRef.current?.querySelector<HTMLInputElement>('input[name="reason"]:checked');
    if (ticked) setReason(ticked.value);
  }, []);
  return {
    reason,
    missing,
    formRef,
    choose: (value: string) => {
      setReason(value);
      setMissing(false);
    },
    submit: (event: FormEvent<HTMLFormElement>) => {
      if (!new FormData(event.currentTarget).get("reason")) {
        event.preventDefault();
        setMissing(true);
      }
      move();
    },
  };
}
