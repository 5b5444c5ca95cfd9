import { knownFailure } from "@kinderready/domain/known-failure";
import { confirmEmail } from "@kinderready/domain/onboarding/onboarding.server";
import { confirmEmailBody } from "@kinderready/domain/onboarding/onboarding-schema";
import { data } from "react-router";
import { requestContext } from "#load-context";
import type { Route } from "./+types/confirm-email";

// The API's body names the product; the page's post need not: the domain confirms for the one sold.
const confirmation = confirmEmailBody.omit({ product: true });

/**
 * The confirmation link's call: the page posts here once it has opened in a browser, so link
 * scanners in mail servers, which only fetch, cannot confirm for the parent.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, log } = context.get(requestContext);
  const failed = (status: number, field: string) => {
    // The parent is shown nothing; the operator sees the event, without personal data.
    log.warn({ status, field }, "failed_email_confirmation");
    return data({ confirmed: false }, { status });
  };
  const input = confirmation.safeParse(await request.json().catch(() => ({})));
  if (!input.success) return failed(400, input.error.issues[0]?.path.join(".") ?? "body");
  try {
    return await confirmEmail(services, input.data);
  } catch (error) {
    const known = knownFailure(error);
    if (known) return failed(known.status, known.field ?? "body");
    throw error;
  }
}
