import { DomainError } from "@kinderready/domain/domain-error";
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
    if (error instanceof DomainError) return failed(404, error.field);
    throw error;
  }
}

// The parent is shown nothing (spec point 8); the operator sees the event, without personal data.
function failed(status: number, field: string) {
  console.error(JSON.stringify({ level: "warn", event: "failed_email_confirmation", status, field }));
  return data({ confirmed: false }, { status });
}
