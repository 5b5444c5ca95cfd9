import { type Locale, localizePath } from "@kinderready/i18n/locales";
import type { Ref } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../../i18n/translation-context.tsx";
import { formatDate } from "../../../payments/profile-format.ts";
import type { ProfileActionResult } from "../profile-route.server.ts";

export type FlowEnd = Extract<
  ProfileActionResult,
  { intent: "cancel" | "pause" | "lifetime" | "help-worked"; ok: true }
>;

/** How the cancel flow ended: cancelled (access until when), paused (from and until), lifetime access, or kept. */
export function CancelDone({
  end,
  locale,
  heading,
}: {
  end: FlowEnd;
  locale: Locale;
  heading: Ref<HTMLHeadingElement>;
}) {
  const { t } = useTranslation();
  const date = (iso: string | null | undefined) => (iso ? formatDate(iso, locale) : "");
  const [title, text] =
    end.intent === "cancel"
      ? [
          t("profile.cancel.successHeading"),
          t("profile.cancel.successText", { date: date(end.subscription.expired_at) }),
        ]
      : end.intent === "pause"
        ? [
            t("profile.cancel.done.pausedHeading"),
            t("profile.cancel.done.pausedText", {
              from: date(end.subscription.pause?.from),
              until: date(end.subscription.pause?.resumes_at),
            }),
          ]
        : end.intent === "lifetime"
          ? [
              t("profile.cancel.done.lifetimeHeading"),
              end.status === "approved"
                ? t("profile.cancel.done.lifetimeText")
                : t("profile.cancel.done.lifetimeProcessing"),
            ]
          : [t("profile.cancel.done.keptHeading"), t("profile.cancel.done.keptText")];
  return (
    <section key="done" className="page profile" aria-labelledby="page-title">
      <h1 id="page-title" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p role="status">{text}</p>
      <Link className="button button--wide" to={localizePath("/printables/", locale)}>
        {t("profile.cancel.backToPrintables")}
      </Link>
    </section>
  );
}
