import { CancelFlow } from "../components/profile/cancel-flow.tsx";
import { SignInPanel } from "../components/profile/sign-in-panel.tsx";
import { partCatalogueHandle } from "../i18n/load-catalogue.ts";
import { handleProfileAction, loadProfile } from "../profile/profile-route.server.ts";
import type { Route } from "./+types/cancel-subscription";

// The cancel flow (/profile/cancel-subscription/): confirmation, reason, success.

/** The profile hydrates with the frame's texts and the rest; the quiz's, the offer's and the kit's follow. */
export const handle = partCatalogueHandle("rest");

export const loader = (args: Route.LoaderArgs) => loadProfile(args);
export const action = (args: Route.ActionArgs) => handleProfileAction(args);

export default function CancelSubscription({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === "signed-out") {
    return (
      <SignInPanel
        locale={loaderData.locale}
        accessLink={loaderData.accessLink}
        confirmDevice={loaderData.confirmDevice}
      />
    );
  }
  return <CancelFlow profile={loaderData.profile} locale={loaderData.locale} />;
}
