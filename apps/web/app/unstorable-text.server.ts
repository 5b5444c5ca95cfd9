import { fieldWithUnstorableText } from "@kinderready/api/text-guard";
import { data } from "react-router";
import type { Route } from "./+types/root";
import { isFormBody } from "./post-body.server.ts";

/** A posted body's fault: a field (`body.<name>`) holding text PostgreSQL cannot store, or a form that does not parse. */
export type PostedBodyFault = { field: string } | { unreadable: true };

/**
 * What is wrong with a posted body before any action reads it, or undefined. A form is read as
 * a form; anything else as text, whatever type it claims: JSON is walked field by field (JSON
 * sent as text/plain reaches `request.json()` all the same), other text as a whole. Text that
 * cannot be stored is a NUL character or an unpaired surrogate. Reads a copy, so the action
 * still gets the body.
 */
export async function postedBodyFault(request: Request): Promise<PostedBodyFault | undefined> {
  if (isFormBody(request)) {
    let form: FormData;
    try {
      form = await request.clone().formData();
    } catch {
      return { unreadable: true };
    }
    for (const [name, value] of form) {
      const field = fieldWithUnstorableText({ [name]: value instanceof File ? "" : value }, "body");
      if (field) return { field };
    }
    return undefined;
  }
  const text = await request.clone().text();
  const field = fieldWithUnstorableText(parsedJson(text) ?? text, "body");
  return field ? { field } : undefined;
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Not JSON: the action refuses it with its own message; its text is still checked.
    return undefined;
  }
}

/**
 * The query's parameter (`querystring.<name>`) holding text PostgreSQL cannot compare or store,
 * or undefined. A query is decoded as UTF-8, so only `%00` gets through: undecodable bytes and
 * unpaired surrogates arrive as U+FFFD.
 */
export function queryFault(url: URL): { field: string } | undefined {
  for (const [name, value] of url.searchParams) {
    const field = fieldWithUnstorableText({ [name]: value }, "querystring");
    if (field) return { field };
  }
  return undefined;
}

/**
 * Requests whose query carries such text (a console search, a report's filter, an export's
 * split) and page posts whose body does, or a form that cannot be read, are refused with 400
 * before any loader or action runs, as the API refuses them, instead of failing at the query or
 * the insert with a 500.
 */
export const refuseUnstorableText: Route.MiddlewareFunction = async ({ request }, next) => {
  const inQuery = queryFault(new URL(request.url));
  if (inQuery) {
    throw data(
      { reason: "unstorable-text", field: inQuery.field, message: "contains text that cannot be stored" },
      { status: 400 },
    );
  }
  if (request.method !== "GET" && request.method !== "HEAD") {
    const fault = await postedBodyFault(request);
    if (fault && "field" in fault) {
      throw data(
        { reason: "unstorable-text", field: fault.field, message: "contains text that cannot be stored" },
        { status: 400 },
      );
    }
    if (fault) throw data({ reason: "unreadable-form", message: "the form cannot be read" }, { status: 400 });
  }
  return next();
};
