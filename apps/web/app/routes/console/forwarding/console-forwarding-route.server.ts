import { getForwardingStatus } from "@kinderready/domain/console/forwarding-status.server";
import { requestContext } from "#load-context";
import type { Route } from "./+types/console-forwarding";

// Server side of the forwarding page (/admin/forwarding/): each destination's deliveries, by the
// configuration this process runs with.

export async function loadConsoleForwarding({ context }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  return {
    status: await getForwardingStatus(services, { configured: services.forwardingDestinations }),
    now: new Date(),
  };
}
