import { eraseParentData } from "@kinderready/domain/profile/erase-parent-data.server";
import { updateConsent } from "@kinderready/domain/profile/profile.server";
import { localizePath } from "@kinderready/i18n/locales";
import { redirect } from "react-router";
import { sessionCookie } from "../../session/parent-session.server.ts";
import type { ProfileActionResult } from "./profile-actions.server.ts";
import type { IntentHandler, ParentPost } from "./profile-intent-context.server.ts";

// The profile's privacy posts: the parent's choices, and deleting their data.

/** Saves the mailing and ad-sharing choices. */
export const updatePrivacyChoices: IntentHandler<"consent", ParentPost> = async (body, { services, parent }) => {
  await updateConsent(services.account, {
    ...parent,
    consent: { mailing: body.mailing, adSharingOptOut: body.adSharingOptOut },
  });
  return { intent: body.intent, ok: true } satisfies ProfileActionResult;
};

/**
 * Erases the parent's data. It ends their sessions on every device, so this one's cookie goes
 * too; then home. The page cleared what this browser kept before it posted.
 */
export const deleteParentData: IntentHandler<"delete", ParentPost> = async (_body, { services, parent, locale }) => {
  await eraseParentData(services.account, parent);
  return redirect(localizePath("/", locale), { status: 303, headers: sessionCookie(services.appUrl, undefined) });
};
