import type { PurchaseStepId } from "@kinderready/domain/flows";
import { goals, quizTopics } from "@kinderready/domain/onboarding/quiz-flow";
import type { KitContents, KitPreview as KitPreviewData } from "@kinderready/domain/printables/kit-preview.server";
import type { ShownReview } from "@kinderready/domain/reviews/review-rules";
import type { PictureId } from "@kinderready/kit/pictures/picture-catalogue";
import { EmailAddress } from "../../components/email-address.tsx";
import { Picture } from "../../components/picture.tsx";
import { useTranslation } from "../../i18n/translation-context.tsx";
import { ChildKitPreview, KitPreview } from "./kit-preview.tsx";
import { ParentReviews } from "./parent-reviews.tsx";
import type { QuizAnswers } from "./quiz-answers.ts";
import { Ticks } from "./ticks.tsx";

// The bodies of the six pages before the offer, one component each.

/** What a page before the offer may show: the quiz's answers, the email, the kit and the reviews. */
export type StepPageProps = {
  answers: QuizAnswers;
  email: string;
  /** Pages of the child's kit, drawn with their name; null when the parent is not known. */
  preview: KitPreviewData | null;
  /** What the kit holds, counted from the kit. */
  contents: KitContents;
  /** Parents' approved reviews in the page's language: empty until it has enough. */
  reviews: readonly ShownReview[];
};

type Goal = (typeof goals)[number];
const knownGoals = new Set<string>(goals);
const isGoal = (goal: string): goal is Goal => knownGoals.has(goal);
const knownTopics = new Set<string>(quizTopics);

/** The five areas of the kit, each with a picture the worksheets use: in the order of skill1..skill5. */
const skillPictures = [
  "pencil",
  "books",
  "abacus",
  "hugging-face",
  "toothbrush",
] as const satisfies readonly PictureId[];

/** The paragraph every page opens with. */
function StepText({ id }: { id: Exclude<PurchaseStepId, "subscription-offer"> }) {
  const { t } = useTranslation();
  return <p className="purchase-flow__text">{t(`purchase.pages.${id}.text`)}</p>;
}

export function TimeToLearnPage() {
  const { t } = useTranslation();
  return (
    <>
      <StepText id="time-to-learn" />
      <Ticks items={([1, 2, 3] as const).map((n) => t(`purchase.pages.time-to-learn.point${n}`))} />
    </>
  );
}

export function SkillsGrowingPlanPage() {
  const { t } = useTranslation();
  return (
    <>
      <StepText id="skills-growing-plan" />
      <ul className="skills">
        {skillPictures.map((picture, index) => (
          <li key={picture}>
            <Picture id={picture} size={40} lazy={index > 2} />
            <span>{t(`purchase.pages.skills-growing-plan.skill${(index + 1) as 1 | 2 | 3 | 4 | 5}`)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

export function PersonalizedGrowingPlanPage({ answers }: StepPageProps) {
  const { t, ifKnown } = useTranslation();
  const page = "purchase.pages.personalized-growing-plan";
  const chosenGoals = answers.goals.filter(isGoal);
  // Topics are the flow's plain strings: one without a message is left out rather than shown as a key.
  const topics = answers.topics
    .filter((topic) => knownTopics.has(topic))
    .flatMap((topic) => ifKnown(`purchase.topics.${topic}`) ?? []);
  return (
    <>
      <StepText id="personalized-growing-plan" />
      <div className="growth-plan">
        {answers.age !== undefined && <p className="growth-plan__age">{t(`${page}.age`, { age: answers.age })}</p>}
        {chosenGoals.length > 0 ? (
          <>
            <h2 className="growth-plan__heading">{t(`${page}.goalsIntro`)}</h2>
            <ul className="chips">
              {chosenGoals.map((goal) => (
                <li key={goal}>{t(`purchase.goalLabels.${goal}`)}</li>
              ))}
            </ul>
          </>
        ) : (
          <p>{t(`${page}.noGoals`)}</p>
        )}
        {topics.length > 0 && (
          <>
            <h2 className="growth-plan__heading">{t(`${page}.topicsIntro`)}</h2>
            <Ticks items={topics} />
          </>
        )}
      </div>
    </>
  );
}

export function ColorfulWorksheetsPage({ answers, preview }: StepPageProps) {
  const { t } = useTranslation();
  const page = "purchase.pages.colorful-worksheets";
  const named = answers.kidName ? t(`${page}.point3`, { name: answers.kidName }) : t(`${page}.point3NoName`);
  return (
    <>
      <StepText id="colorful-worksheets" />
      {preview && <ChildKitPreview preview={preview} eager />}
      <Ticks items={[t(`${page}.point1`), t(`${page}.point2`), named]} />
    </>
  );
}

/**
 * Parents' own approved reviews once the language has enough, then what the kit holds, from the
 * kit itself: nothing on this page is written or picked for effect.
 */
export function RealReviewsPage({ contents, reviews }: StepPageProps) {
  const { t } = useTranslation();
  const page = "purchase.pages.real-reviews";
  return (
    <>
      {reviews.length > 0 && <ParentReviews reviews={reviews} />}
      <StepText id="real-reviews" />
      <Ticks
        items={[
          t(`${page}.worksheets`, { count: contents.worksheets }),
          t(`${page}.activities`, { count: contents.activities }),
          t("purchase.pages.colorful-worksheets.point1"),
        ]}
      />
      <KitPreview pages={contents.pages} caption={t(`${page}.caption`)} />
    </>
  );
}

/** The address the kit goes to, for the parent to confirm. */
export function EmailPage({ email }: StepPageProps) {
  const { t } = useTranslation();
  return (
    <>
      <StepText id="email" />
      {email && (
        <dl className="email-confirm">
          <dt className="email-confirm__label">{t("purchase.pages.email.emailLabel")}</dt>
          <dd className="email-confirm__value">
            <EmailAddress address={email} />
          </dd>
        </dl>
      )}
    </>
  );
}
