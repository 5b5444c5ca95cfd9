import type { PurchaseStepId } from "@kinderready/domain/flows";
import type { Translate } from "@kinderready/i18n/translator";
import type { ComponentType } from "react";
import {
  ColorfulWorksheetsPage,
  EmailPage,
  PersonalizedGrowingPlanPage,
  RealReviewsPage,
  SkillsGrowingPlanPage,
  type StepPageProps,
  TimeToLearnPage,
} from "./step-pages.tsx";

type PageStepId = Exclude<PurchaseStepId, "subscription-offer">;

/** Each page before the offer with its body. */
const stepPages: Record<PageStepId, ComponentType<StepPageProps>> = {
  "time-to-learn": TimeToLearnPage,
  "skills-growing-plan": SkillsGrowingPlanPage,
  "personalized-growing-plan": PersonalizedGrowingPlanPage,
  "colorful-worksheets": ColorfulWorksheetsPage,
  "real-reviews": RealReviewsPage,
  email: EmailPage,
};

/** The heading of a purchase page, with the child's name where the page has a wording for it. */
export function stepTitle(t: Translate, id: PurchaseStepId, name: string): string {
  if (id === "colorful-worksheets" || id === "real-reviews") return t(`purchase.pages.${id}.title`);
  return name ? t(`purchase.pages.${id}.title`, { name }) : t(`purchase.pages.${id}.titleNoName`);
}

/** The body of the six pages before the offer. */
export function StepContent({ id, ...page }: StepPageProps & { id: PageStepId }) {
  const Page = stepPages[id];
  return <Page {...page} />;
}
