import { checkEmailForVisitor } from "@kinderready/domain/onboarding/onboarding.server";
import { checkEmailBody } from "@kinderready/domain/onboarding/onboarding-schema";
import { data } from "react-router";
import { z } from "zod";
import { requestContext } from "#load-context";
import { failedAction } from "../../action-failure.server.ts";
import { sessionParent } from "../../session/parent-session.server.ts";
import type { Route } from "./+types/onboarding";
import { storeLead } from "./store-lead.server.ts";

// The API's bodies name the product; the page's posts need not: the domain stores leads for the one sold.
const emailCheck = checkEmailBody.omit({ product: true });

const actionBody = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("check-email"), email: z.string(), user_token: z.string().optional() }),
  z.object({ intent: z.literal("submit"), search: z.string().max(4000), lead: z.record(z.string(), z.unknown()) }),
]);

/** The quiz's server calls from its scripts (JSON): is this email free, and store the finished quiz. */
export async function answerQuizScripts(args: Route.ActionArgs) {
  const { request, context } = args;
  const { errors } = context.get(requestContext);
  const body = actionBody.safeParse(await request.json().catch(() => undefined));
  if (!body.success) return data({ intent: "submit" as const, error: { field: "body" } }, { status: 400 });
  if (body.data.intent === "check-email") return checkEmail(args, body.data);

  const notStored = await storeLead(args, body.data.lead, body.data.search);
  if ("invalid" in notStored) return data({ intent: "submit" as const, error: notStored.invalid }, { status: 400 });
  return failedAction(notStored.failed, {
    errors,
    msg: "onboarding submit failed",
    fallbackKey: "quiz.pages.analyzing.failed",
    answer: (messageKey, { field }) => ({ intent: "submit" as const, error: { field: field ?? "body", messageKey } }),
  });
}

/** Whether an email is free, asked as the parent leaves the field. */
async function checkEmail(
  { request, context }: Route.ActionArgs,
  body: Extract<z.infer<typeof actionBody>, { intent: "check-email" }>,
) {
  const visit = context.get(requestContext);
  const input = emailCheck.safeParse(body);
  if (!input.success) return data({ intent: "check-email" as const, isEmailUnique: true }, { status: 400 });
  // "Is it free?" is asked for this device's own lead, never for a token the browser names.
  const own = (await sessionParent(request, visit.services))?.parent.token;
  const isEmailUnique = await checkEmailForVisitor(
    visit.services,
    { email: input.data.email, user_token: own },
    visit.clientAddress,
    new Date(),
  );
  return { intent: "check-email" as const, isEmailUnique };
}
