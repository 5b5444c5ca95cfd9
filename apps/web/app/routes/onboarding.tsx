import { createRandomToken, userTokenPattern } from "@kinderready/domain/random-token";
import { useEffect } from "react";
import { type ShouldRevalidateFunctionArgs, useFetcher, useLocation, useSearchParams } from "react-router";
import { Quiz } from "../components/quiz/quiz.tsx";
import { handleQuizAction, loadQuiz } from "../onboarding/quiz-route.server.ts";
import { useAnalyticsStore } from "../stores/analytics-store.ts";
import { useStoresHydrated } from "../stores/create-persisted-store.ts";
import { useUserFlowStore } from "../stores/user-flow-store.ts";
import type { Route } from "./+types/onboarding";

// The quiz at /onboarding/ (flow main) and /quiz1/ (flow copy_1).

export const loader = (args: Route.LoaderArgs) => loadQuiz(args);
export const action = (args: Route.ActionArgs) => handleQuizAction(args);

/** Only a new address or token needs the server again; answering questions never does. */
export function shouldRevalidate({ formMethod, currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  if (formMethod) return false;
  return (
    currentUrl.pathname !== nextUrl.pathname ||
    currentUrl.searchParams.get("token") !== nextUrl.searchParams.get("token")
  );
}

export default function Onboarding({ loaderData }: Route.ComponentProps) {
  const checkedFlow = useUserToken();
  const hydrated = useStoresHydrated((state) => state.hydrated);
  const userFlow = loaderData.userFlow ?? checkedFlow;
  useEffect(() => {
    if (hydrated && userFlow) useUserFlowStore.setState(userFlow);
  }, [hydrated, userFlow]);
  return <Quiz flowType={loaderData.flowType} locale={loaderData.locale} consentDefault={loaderData.consentDefault} />;
}

/**
 * The parent's token: from the address, else the one this device saved, else a new one. A
 * saved token is checked with the server (the loader), which sends a parent who already
 * finished on to the offer, or to the printables once they have bought; the address stays as is.
 */
function useUserToken() {
  const hydrated = useStoresHydrated((state) => state.hydrated);
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const status = useFetcher<typeof loadQuiz>();
  const urlToken = searchParams.get("token");
  useEffect(() => {
    if (!hydrated) return;
    const stored = useAnalyticsStore.getState().userId;
    if (urlToken && userTokenPattern.test(urlToken)) {
      if (urlToken !== stored) useAnalyticsStore.setState({ userId: urlToken });
      return;
    }
    if (stored) {
      const query = new URLSearchParams(searchParams);
      query.set("token", stored);
      void status.load(`${pathname}?${query.toString()}`);
      return;
    }
    useAnalyticsStore.setState({ userId: createRandomToken() });
  }, [hydrated, urlToken, searchParams, pathname, status.load]);
  return status.data?.userFlow;
}
