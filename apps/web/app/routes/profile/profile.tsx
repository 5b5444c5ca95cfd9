import { partCatalogueHandle } from "../../i18n/load-catalogue.ts";
import type { Route } from "./+types/profile";
import { ProfileOverview } from "./profile-overview.tsx";
import { handleProfileAction, loadProfile } from "./profile-route.server.ts";
import { SignInPanel } from "./sign-in-panel.tsx";

// The profile (/profile/): the parent's details, subscription, purchases, privacy choices and
// data deletion; signed out, a request for a sign-in link by email.

/** The profile hydrates with the frame's texts and the rest; the quiz's, the offer's and the kit's follow. */
export const handle = partCatalogueHandle("rest");

export const loader = (args: Route.LoaderArgs) => loadProfile(args);
export const action = (args: Route.ActionArgs) => handleProfileAction(args);

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state === "signed-out") {
    return (
      <SignInPanel
        locale={loaderData.locale}
        accessLink={loaderData.accessLink}
        confirmDevice={loaderData.confirmDevice}
      />
    );
  }
  const deleteError = actionData?.intent === "delete" && !actionData.ok ? actionData.errorKey : undefined;
  return (
    <ProfileOverview
      profile={loaderData.profile}
      gpc={loaderData.gpc}
      locale={loaderData.locale}
      deleteError={deleteError}
      othersSignedOut={loaderData.othersSignedOut}
    />
  );
}
