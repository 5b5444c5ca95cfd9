import { fieldWithUnstorableText } from "@kinderready/api/text-guard";
import { data } from "react-router";
import type { Route } from "./+types/root";

/**
 * The first posted field (`body.<name>`) holding text PostgreSQL cannot store (a NUL character,
 * an unpaired surrogate), in a form or a JSON body; undefined when there is none. Reads a copy,
 * so the action still gets the body.
 */
export async function postedFieldWithUnstorableText(request: Request): Promise<string | undefined> {
  const type = request.headers.get("content-type") ?? "";
  try {
    if (type.includes("application/json")) return fieldWithUnstorableText(await request.clone().json(), "body");
    if (!type.includes("form")) return undefined;
    for (const [name, value] of await request.clone().formData()) {
      const field = fieldWithUnstorableText({ [name]: value instanceof File ? "" : value }, "body");
      if (field) return field;
    }
  } catch {
    // A body that does not parse is the action's to refuse, with its own message.
  }
  return undefined;
}

/**
 * Page posts carrying such text are refused with 400 before any action runs, as the API refuses
 * them, instead of failing at the insert with a 500.
 */
export const refuseUnstorableText: Route.MiddlewareFunction = async ({ request }, next) => {
  if (request.method !== "GET" && request.method !== "HEAD") {
    const field = await postedFieldWithUnstorableText(request);
    if (field) {
      throw data({ reason: "unstorable-text", field, message: "contains text that cannot be stored" }, { status: 400 });
    }
  }
  return next();
};
