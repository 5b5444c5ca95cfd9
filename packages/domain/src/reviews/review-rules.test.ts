import { describe, expect, it } from "vitest";
import { AppError } from "../app-error.ts";
import {
  maxShown,
  minApprovedToShow,
  parseReviewSubmission,
  reviewsToShow,
  shouldAskForReview,
} from "./review-rules.ts";

// What a review may say, when the page asks for one, and which approved reviews a language shows.

const day = 86_400_000;
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1) + minutes * 60_000);

describe("a submitted review", () => {
  const valid = {
    rating: 4,
    text: "  Our son asks for the tracing pages\nevery morning now.  ",
    firstName: " Anne-Marie ",
  };

  it("is stored trimmed, as one paragraph", () => {
    expect(parseReviewSubmission(valid)).toEqual({
      rating: 4,
      text: "Our son asks for the tracing pages every morning now.",
      firstName: "Anne-Marie",
    });
  });

  it("takes first names in any script, with spaces, hyphens and apostrophes", () => {
    for (const firstName of ["Мария", "نور", "O’Neil", "D'Arcy", "José Luis", "Zoë"]) {
      expect(parseReviewSubmission({ ...valid, firstName }).firstName).toBe(firstName);
    }
  });

  it("names the field at fault with its message key", () => {
    const failure = (input: object) => {
      try {
        parseReviewSubmission({ ...valid, ...input });
      } catch (error) {
        if (error instanceof AppError) return [error.code, error.field, error.messageKey];
        throw error;
      }
      return undefined;
    };
    expect(failure({ rating: 0 })).toEqual(["invalid", "rating", "reviews.errors.rating"]);
    expect(failure({ rating: 6 })).toEqual(["invalid", "rating", "reviews.errors.rating"]);
    expect(failure({ rating: 4.5 })).toEqual(["invalid", "rating", "reviews.errors.rating"]);
    expect(failure({ text: "Great!              " })).toEqual(["invalid", "text", "reviews.errors.text"]);
    expect(failure({ text: "x".repeat(601) })).toEqual(["invalid", "text", "reviews.errors.text"]);
    expect(failure({ firstName: "   " })).toEqual(["invalid", "firstName", "reviews.errors.firstName"]);
    expect(failure({ firstName: "Anna 2" })).toEqual(["invalid", "firstName", "reviews.errors.firstName"]);
    expect(failure({ firstName: "a".repeat(41) })).toEqual(["invalid", "firstName", "reviews.errors.firstName"]);
    expect(failure({})).toBeUndefined();
  });

  it("keeps 600 characters and no direction overrides", () => {
    expect(parseReviewSubmission({ ...valid, text: "y".repeat(600) }).text).toHaveLength(600);
    expect(parseReviewSubmission({ ...valid, text: `Lovely\u202e kit for the two of us` }).text).toBe(
      "Lovely kit for the two of us",
    );
  });
});

describe("the reviews a language shows", () => {
  const approved = (n: number) =>
    Array.from({ length: n }, (_, index) => ({ id: `r${index}`, rating: (index % 5) + 1, approvedAt: at(index) }));

  it("are none until the language has enough approved ones", () => {
    expect(reviewsToShow(approved(minApprovedToShow - 1))).toEqual([]);
    expect(reviewsToShow(approved(minApprovedToShow))).toHaveLength(minApprovedToShow);
  });

  it("are the newest approvals, at most six, whatever their rating", () => {
    const shown = reviewsToShow(approved(9));
    expect(shown).toHaveLength(maxShown);
    expect(shown.map((review) => review.id)).toEqual(["r8", "r7", "r6", "r5", "r4", "r3"]);
    expect(shown.map((review) => review.rating)).toEqual([4, 3, 2, 1, 5, 4]);
  });
});

describe("asking for a review on the printables page", () => {
  const now = new Date("2026-11-20T10:00:00Z");

  it("asks a buyer who finished a level, or who paid a week ago", () => {
    const yesterday = new Date(now.getTime() - day);
    expect(shouldAskForReview({ buyerSince: yesterday, levelCompleted: true, now })).toBe(true);
    expect(shouldAskForReview({ buyerSince: yesterday, levelCompleted: false, now })).toBe(false);
    expect(shouldAskForReview({ buyerSince: new Date(now.getTime() - 7 * day), levelCompleted: false, now })).toBe(
      true,
    );
  });

  it("never asks a parent who did not pay", () => {
    expect(shouldAskForReview({ buyerSince: null, levelCompleted: true, now })).toBe(false);
  });
});
