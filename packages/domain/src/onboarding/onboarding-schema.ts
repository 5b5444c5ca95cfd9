import { localeCodes } from "@kinderready/i18n/locales";
import { z } from "zod";
import type { PurchasePath } from "../flows.ts";
import { purchasePaths } from "../flows.ts";
import { userTokenSchema } from "../parents/parent-token.ts";
import { products } from "../product.ts";
import { plainText } from "../validation/plain-text.ts";
import { ruleSchema } from "../validation/rule-schema.ts";
import { fieldRules } from "./field-rules.ts";
import { type QuizPage, quizFlow, quizPageIds, quizTopics } from "./quiz-flow.ts";

// The shapes of the onboarding API, declared once: the Fastify routes, the page actions and
// the OpenAPI document all derive from these.

const productSchema = z.enum(products);
const purchasePathSchema = z.enum(purchasePaths as [PurchasePath, ...PurchasePath[]]);

/** An email address as the product stores and compares it. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const emailSchema = ruleSchema(z.string().max(254), "email", fieldRules.email.rules).transform(normalizeEmail);

const trackingText = z.string().trim().max(500).optional();

/** Attribution captured on landing: googleAnalytics, fbAnalytics, utmLabels. */
export const trackingSchema = z.object({
  utmLabels: z
    .object({
      utm_campaign: trackingText,
      utm_medium: trackingText,
      utm_source: trackingText,
      utm_content: trackingText,
    })
    .default({}),
  googleAnalytics: z.object({ gclid: trackingText, client_id: trackingText }).default({}),
  fbAnalytics: z
    .object({ fb_pixel_id: trackingText, fbc: trackingText, fbp: trackingText, fbclid: trackingText })
    .default({}),
  ttclid: trackingText,
  /** Random id of the device's first visit. */
  first_visit_id: z.string().max(64).optional(),
  /** No query key starting with utm on landing. */
  organic: z.boolean().default(true),
});
export type TrackingData = z.infer<typeof trackingSchema>;

const answerSchema = z.object({
  id: z.enum(quizPageIds as [string, ...string[]]),
  answer: z.union([z.string().trim().min(1).max(100), z.array(z.string().max(100)).min(1).max(10)]),
});

const flow: readonly QuizPage[] = quizFlow;

/** An answer must be one of its page's options; form pages hold free text, stored in kid. */
function invalidAnswer({ id, answer }: z.infer<typeof answerSchema>): boolean {
  const page = flow.find((candidate) => candidate.id === id);
  if (!page || !("options" in page)) return true;
  const values = page.options.map((option) => option.value);
  if (page.type === "multi-choice") return !Array.isArray(answer) || answer.some((value) => !values.includes(value));
  return Array.isArray(answer) || !values.includes(answer);
}

export const onboardingBody = z.object({
  kid: z.object({
    name: plainText(ruleSchema(z.string(), "name", fieldRules.kidName.rules).transform((name) => name.trim())),
    years: z.object({
      text: plainText(z.string().trim().min(1).max(40)),
      value: ruleSchema(z.number().int(), "age", fieldRules.kidAge.rules),
    }),
  }),
  email: emailSchema,
  questions: z
    .array(answerSchema)
    .max(quizPageIds.length)
    .superRefine((questions, context) => {
      const seen = new Set<string>();
      questions.forEach((question, index) => {
        if (invalidAnswer(question)) {
          context.addIssue({ code: "custom", path: [index, "answer"], message: `is not an option of ${question.id}` });
        }
        if (seen.has(question.id)) {
          context.addIssue({ code: "custom", path: [index, "id"], message: `${question.id} is answered twice` });
        }
        seen.add(question.id);
      });
    }),
  topics: z
    .array(z.enum(quizTopics as [string, ...string[]]))
    .max(quizTopics.length)
    .optional(),
  isForbiddenToMailing: z.boolean(),
  user_token: userTokenSchema,
  purchasePathByFlow: purchasePathSchema,
  product: productSchema,
  locale: z.enum(localeCodes).default("en"),
  /** ISO 3166 country; the page server fills it from geo, API callers may send their own. */
  country_code: z
    .string()
    .regex(/^[A-Za-z]{2}$/, "must be a two-letter country code")
    .transform((code) => code.toLowerCase())
    .optional(),
  region: z.string().max(100).optional(),
  time_zone: z.string().max(64).optional(),
  tracking: trackingSchema.default({ utmLabels: {}, googleAnalytics: {}, fbAnalytics: {}, organic: true }),
});
export type OnboardingInput = z.input<typeof onboardingBody>;
/** A finished quiz as the domain stores it: for the product sold (product.ts), which the API's body names. */
export type OnboardingData = Omit<z.output<typeof onboardingBody>, "product">;

export const onboardingResult = z.object({
  user_token: userTokenSchema,
  /** Where the parent goes next, with the token added. */
  redirect: z.string(),
});

export const statusQuery = z.object({
  product: productSchema,
  esputnikContactId: z.string().max(128).optional(),
  utm_source: z.string().max(500).optional(),
});

export const onboardingStatus = z.object({
  purchased: z.boolean(),
  recurring_purchased: z.boolean(),
  registered: z.boolean(),
  email: z.string().nullable(),
  paymentType: z.enum(["one-time", "subscription"]).nullable(),
  isSubscriptionExpired: z.boolean(),
  subscriptionStatus: z.string().nullable(),
  isManualAccess: z.boolean(),
  esputnikUserData: z.object({ email: z.string(), userToken: userTokenSchema }).nullable(),
});
export type OnboardingStatus = z.infer<typeof onboardingStatus>;

export const checkEmailBody = z.object({
  email: emailSchema,
  product: productSchema,
  /** The asking parent's own lead does not count as taken. */
  user_token: userTokenSchema.optional(),
});

export const checkEmailResult = z.object({ is_email_unique: z.boolean() });

export const confirmEmailBody = z.object({
  email: emailSchema,
  token: userTokenSchema,
  time_zone: z.string().max(64).optional(),
  isForbiddenToMailing: z.boolean(),
  product: productSchema,
});

export const confirmEmailResult = z.object({
  email: z.string(),
  confirmed: z.boolean(),
  isForbiddenToMailing: z.boolean(),
});
