import { knownFailure } from "@kinderready/domain/known-failure";
import { confirmEmail } from "@kinderready/domain/onboarding/onboarding.server";
import { confirmEmailBody } from "@kinderready/domain/onboarding/onboarding-schema";
import { defaultProduct } from "@kinderready/domain/product";
import { data } from "react-router";
import { requestContext } from "#load-context";
import type { Route } from "./+types/confirm-email";

/**
 * The confirmation link's call: the page posts here once it has opened in a browser, so link
 * scanners in mail servers, which only fetch, cannot confirm for the parent.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context.get(requestContext);
  const input = confirmEmailBody.safeParse({ ...(await request.json().catch(() => ({}))), product: defaultProduct });
  if (!input.success) return failed(400, input.error.issues[0]?.path.join(".") ?? "body");
  try {
    return await confirmEmail(services.db, input.data);
  } catch (error) {
    const known = knownFailure(error);
    if (known) return failed(known.status, known.field ?? "body");
    throw error;
  }
}

// The parent is shown nothing (spec point 8); the operator sees the event, without personal data.
function failed(status: number, field: string) {
  console.error(JSON.stringify({ level: "warn", event: "failed_email_confirmation", status, field }));
  return data({ confirmed: false }, { status });
}
