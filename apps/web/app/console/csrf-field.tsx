import { useRouteLoaderData } from "react-router";

/** The session's CSRF token (from the console layout's loader), in every form that changes something. */
export function CsrfField() {
  const layout = useRouteLoaderData("console") as { csrfToken: string } | undefined;
  return <input type="hidden" name="csrf" value={layout?.csrfToken ?? ""} />;
}
