// @vitest-environment happy-dom
import { quizFlow } from "@kinderready/domain/onboarding/quiz-flow";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Post, renderPage, silenceNetwork } from "../../../test/render-page.tsx";
import { useAnalyticsStore } from "../../stores/analytics-store.ts";
import { useOnboardingStore } from "../../stores/onboarding-store.ts";
import { Quiz } from "./quiz.tsx";

const token = "quiz-parent-0123456789abcdef";
const indexOf = (id: string) => quizFlow.findIndex((page) => page.id === id);

function renderQuiz(answer?: (post: Post) => unknown) {
  return renderPage(<Quiz flowType="main" locale="en" consentDefault={false} />, {
    url: "/onboarding/",
    path: "/onboarding/",
    answer,
  });
}

describe("the quiz's email page", () => {
  beforeEach(() => {
    silenceNetwork();
    useAnalyticsStore.setState(useAnalyticsStore.getInitialState(), true);
    useOnboardingStore.setState(useOnboardingStore.getInitialState(), true);
  });
  afterEach(cleanup);

  it("asks whether a valid email is free as the field is left, and says when it is taken", async () => {
    const user = userEvent.setup();
    useAnalyticsStore.setState({ userId: token });
    useOnboardingStore.setState({ kid: { name: "Emma", years: undefined }, step: indexOf("analyzing") });
    const { posts } = await renderQuiz(() => ({ intent: "check-email", isEmailUnique: false }));
    const bar = screen.getByRole("progressbar", { name: "Analysing your answers" });
    expect(document.getElementById(bar.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Reading your answers",
    );

    await user.type(screen.getByRole("textbox", { name: "Your email" }), " taken@example.com ");
    await user.tab();
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("This email address is already registered"));
    expect(posts).toEqual([{ intent: "check-email", email: "taken@example.com", user_token: token }]);
    expect(useOnboardingStore.getState().email).toBe("taken@example.com");
  });

  it("starts the mailing choice from the country's default and keeps the parent's own", async () => {
    const user = userEvent.setup();
    useOnboardingStore.setState({ step: indexOf("analyzing") });
    await renderQuiz();
    const consent = screen.getByRole("checkbox") as HTMLInputElement;
    expect(consent.checked).toBe(false);
    await user.click(consent);
    expect(consent.checked).toBe(true);
    expect(useOnboardingStore.getState().mailingConsent).toBe(true);
  });
});
