import { partCatalogueHandle } from "../../../i18n/load-catalogue.ts";
import { handleProfileAction, loadProfile } from "../profile-route.server.ts";
import { SignInPanel } from "../sign-in-panel.tsx";
import type { Route } from "./+types/profile-subscription";
import { SubscriptionManager } from "./subscription-manager.tsx";

// Subscription management (/profile/subscription/): the plan, cancel, restore, renew.

/** The profile hydrates with the frame's texts and the rest; the quiz's, the offer's and the kit's follow. */
export const handle = partCatalogueHandle("rest");

export const loader = (args: Route.LoaderArgs) => loadProfile(args);
export const action = (args: Route.ActionArgs) => handleProfileAction(args);

export default function ProfileSubscription({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === "signed-out") {
    return (
      <SignInPanel
        locale={loaderData.locale}
        accessLink={loaderData.accessLink}
        confirmDevice={loaderData.confirmDevice}
      />
    );
  }
  return (
    <SubscriptionManager profile={loaderData.profile} locale={loaderData.locale} anotherCard={loaderData.anotherCard} />
  );
}
