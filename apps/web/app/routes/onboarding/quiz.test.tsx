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
  return renderPage(<Quiz flowType="main" locale="en" consentDefault={true} />, {
    url: `/onboarding/?token=${token}`,
    path: "/onboarding/",
    answer,
  });
}

const question = () => screen.getByRole("heading", { level: 1 });
const progress = (current: number) => screen.getByRole("progressbar", { name: `Question ${current} of 18` });

describe("Quiz", () => {
  beforeEach(() => {
    silenceNetwork();
    useAnalyticsStore.setState(useAnalyticsStore.getInitialState(), true);
    useOnboardingStore.setState(useOnboardingStore.getInitialState(), true);
  });
  afterEach(cleanup);

  it("steps to the next question on an answer, and Back shows the earlier answer still chosen", async () => {
    const user = userEvent.setup();
    await renderQuiz();
    expect(question().textContent).toBe("Let's get your child ready for kindergarten");
    expect(progress(1)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Back/ })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Kindergarten starts within a year" }));
    expect(question().textContent).toContain("manage more things on their own");
    expect(document.activeElement).toBe(question());
    expect(progress(2)).toBeTruthy();

    await user.click(screen.getByRole("button", { name: /Back/ }));
    const earlier = screen.getByRole("button", { name: "Kindergarten starts within a year" });
    expect(earlier.getAttribute("aria-pressed")).toBe("true");
  });

  it("resumes at the saved question, asks for the child's name and speaks of the child by it", async () => {
    const user = userEvent.setup();
    useOnboardingStore.setState({ step: indexOf("kid-name") });
    await renderQuiz();
    expect(question().textContent).toBe("What's your child's name?");

    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByRole("alert").textContent).toBe("Please enter your child's name (up to 40 characters)");

    await user.type(screen.getByRole("textbox", { name: "Child's name" }), "Emma");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(question().textContent).toBe("How old is Emma?");
    expect(useOnboardingStore.getState().kid.name).toBe("Emma");
  });

  it("pictures what a yes-or-no or how-often question is about beside its text: decorative, sized, not lazy", async () => {
    for (const [id, picture] of [
      ["gadgets", "phone"],
      ["tantrums", "angry"],
    ] as const) {
      useOnboardingStore.setState({ step: indexOf(id) });
      const view = await renderQuiz();
      const images = [...view.container.querySelectorAll("img")].map((image) => ({
        src: image.getAttribute("src"),
        alt: image.getAttribute("alt"),
        size: [image.getAttribute("width"), image.getAttribute("height")],
        lazy: image.getAttribute("loading"),
        besideText: image.closest("p")?.textContent,
      }));
      expect(images, id).toEqual([
        {
          src: `/printables/files/picture/${picture}.svg`,
          alt: "",
          size: ["48", "48"],
          lazy: null,
          besideText: view.container.querySelector("h1 + p")?.textContent,
        },
      ]);
      view.unmount();
    }
  });

  it("sends the finished quiz with the parent's token, and shows the server's refusal", async () => {
    const user = userEvent.setup();
    useAnalyticsStore.setState({ userId: token });
    useOnboardingStore.setState({
      kid: { name: "Emma", years: { text: "5 years", value: 5 } },
      step: indexOf("analyzing"),
    });
    const { posts } = await renderQuiz((post) =>
      post.intent === "submit"
        ? { intent: "submit", error: { field: "email", message: "This address cannot receive mail." } }
        : { intent: "check-email", isEmailUnique: true },
    );
    expect(question().textContent).toBe("We're building Emma's plan");
    // The welcome email brings the child's first worksheet: the page says so before the email is asked.
    expect(screen.getByText(/we'll email you Emma's first worksheet to print today/)).toBeTruthy();

    await user.type(screen.getByRole("textbox", { name: "Your email" }), "parent@example.com");
    await user.click(screen.getByRole("button", { name: "See my plan" }));

    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("This address cannot receive mail."));
    const lead = posts.find((post) => post.intent === "submit")?.lead as Record<string, unknown>;
    expect(lead).toMatchObject({
      email: "parent@example.com",
      user_token: token,
      kid: { name: "Emma", years: { text: "5 years", value: 5 } },
      isForbiddenToMailing: false,
    });
  });
});
