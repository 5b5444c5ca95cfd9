import { customerQuerySchema, findCustomers } from "@kinderready/domain/console/customer-admin.server";
import { data } from "react-router";
import { requestContext } from "#load-context";
import type { Route } from "./+types/console-customers";

// Server side of the customer search (/admin/customers/): the parents a query finds.

export async function loadConsoleCustomers({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const raw = new URL(request.url).searchParams.get("q");
  if (raw === null) return { query: "", matches: null, invalid: false };
  const query = customerQuerySchema.safeParse(raw);
  if (!query.success) {
    return data({ query: raw, matches: null, invalid: true }, { status: 400 });
  }
  const matches = await findCustomers(services, { query: query.data });
  return { query: query.data, matches, invalid: false };
}
