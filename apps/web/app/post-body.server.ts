/** The media types of an HTML form's body. */
export const formMediaTypes = ["application/x-www-form-urlencoded", "multipart/form-data"] as const;

/** Whether a request's body is an HTML form's, whatever parameters (charset, boundary) its type carries. */
export function isFormBody(request: Pick<Request, "headers">): boolean {
  const type = request.headers.get("content-type")?.toLowerCase() ?? "";
  return formMediaTypes.some((formType) => type.startsWith(formType));
}

/** A form field's text: "" when it is missing or a file. */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** The field a refused body is refused for (its first issue's path), for the 400 that names it. */
export function refusedField(error: { issues: readonly { path: readonly PropertyKey[] }[] }): string {
  return error.issues[0]?.path.map(String).join(".") || "intent";
}

/**
 * A page post's fields and how they came: JSON from the page's scripts (a fetcher), or a plain
 * HTML form's fields, form-encoded, sent before the scripts arrived or without them. One zod shape
 * reads both, as a form's fields are the strings the JSON carries. A native post is answered with
 * a redirect or the page itself, never with data only a script reads.
 */
export async function readPostBody(request: Request): Promise<{ fields: unknown; native: boolean }> {
  if (isFormBody(request)) {
    const form = await request.formData().catch(() => undefined);
    return { fields: form && Object.fromEntries(form), native: true };
  }
  return { fields: await request.json().catch(() => undefined), native: false };
}
