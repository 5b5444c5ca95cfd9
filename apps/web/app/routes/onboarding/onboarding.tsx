import { useCallback } from "react";
import { type ShouldRevalidateFunctionArgs, useFetcher, useLocation } from "react-router";
import { useParentToken } from "../../hooks/use-parent-token.ts";
import { partCatalogueHandle } from "../../i18n/load-catalogue.ts";
import type { Route } from "./+types/onboarding";
import { Quiz } from "./quiz.tsx";
import { handleQuizAction, loadQuiz } from "./quiz-route.server.ts";

// The quiz at /onboarding/ (flow main) and /quiz1/ (flow copy_1).

export const loader = (args: Route.LoaderArgs) => loadQuiz(args);
/** The quiz hydrates with the frame's and the quiz's texts; the others follow. */
export const handle = partCatalogueHandle("quiz");
export const action = (args: Route.ActionArgs) => handleQuizAction(args);

/** Only a new address or token needs the server again; answering questions never does. */
export function shouldRevalidate({ formMethod, currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  if (formMethod) return false;
  return (
    currentUrl.pathname !== nextUrl.pathname ||
    currentUrl.searchParams.get("token") !== nextUrl.searchParams.get("token")
  );
}

export default function Onboarding({ loaderData, actionData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const status = useFetcher<typeof loader>();
  // A saved token is checked with the server (the loader), which sends a parent who already
  // finished on to the offer, or to the printables once they have bought; the address stays as is.
  const checkSavedToken = useCallback(
    (query: URLSearchParams) => void status.load(`${pathname}?${query.toString()}`),
    [pathname, status.load],
  );
  useParentToken({
    carrySavedToken: checkSavedToken,
    refusedToken: loaderData.refusedToken ?? status.data?.refusedToken,
  });
  return (
    <Quiz
      flowType={loaderData.flowType}
      locale={loaderData.locale}
      consentDefault={loaderData.consentDefault}
      saved={loaderData.saved}
      refusal={actionData?.intent === "quiz-form" ? actionData.refusal : undefined}
    />
  );
}
