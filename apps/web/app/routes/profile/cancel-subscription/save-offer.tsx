import type { ProfileView } from "@kinderready/domain/profile/profile-schema";
import { type Locale, localizePath } from "@kinderready/i18n/locales";
import type { ReactNode, Ref } from "react";
import { Link, type useFetcher } from "react-router";
import { ImmediateAccessBox } from "../../../components/immediate-access-box.tsx";
import { Trans, useTranslation } from "../../../i18n/translation-context.tsx";
import { formatDate, formatMinor } from "../../../payments/profile-format.ts";
import type { ProfileActionResult } from "../profile-route.server.ts";

export type OfferedSave = Extract<ProfileActionResult, { intent: "cancel-reason"; ok: true }>;
type Fetcher = ReturnType<typeof useFetcher<ProfileActionResult>>;

/**
 * The one answer to the parent's reason, on one screen with "Cancel anyway": a pause, lifetime
 * access for one payment, or help on the spot. Every button is a plain form too.
 */
export function SaveOffer({
  offered,
  profile,
  locale,
  fetcher,
  result,
  error,
  heading,
  onMove,
}: {
  offered: OfferedSave;
  profile: ProfileView;
  locale: Locale;
  fetcher: Fetcher;
  result: ProfileActionResult | undefined;
  error: string | undefined;
  heading: Ref<HTMLHeadingElement>;
  onMove: () => void;
}) {
  const { t } = useTranslation();
  const busy = fetcher.state !== "idle";
  const { save, session } = offered;
  const subscription = profile.subscription;
  const renewal = subscription?.renewal;
  return (
    <section key="save" className="page profile cancel-save" aria-labelledby="page-title">
      <h1 id="page-title" ref={heading} tabIndex={-1}>
        {t(`profile.cancel.save.${save.offer}.heading`)}
      </h1>

      {save.offer === "pause" && (
        <PauseOffer
          choices={save.choices}
          session={session}
          locale={locale}
          fetcher={fetcher}
          busy={busy}
          onMove={onMove}
        />
      )}

      {save.offer === "lifetime" && renewal && (
        <LifetimeOffer
          price={formatMinor(Math.round(save.price * 100), save.currency, locale)}
          renewal={formatMinor(renewal.amount, renewal.currency, locale)}
          period={renewal.periodDays}
          session={session}
          fetcher={fetcher}
          busy={busy}
          consent={offered.withdrawalConsent && locale}
          onMove={onMove}
        />
      )}

      {save.offer === "help" && (
        <HelpOffer
          session={session}
          email={profile.email}
          locale={locale}
          fetcher={fetcher}
          busy={busy}
          linkSent={result?.intent === "request-link" && result.ok}
          onMove={onMove}
        />
      )}

      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}

      <PassForm fetcher={fetcher} intent="cancel" session={session} onMove={onMove}>
        <button type="submit" className="button button--wide button--danger" disabled={busy}>
          {t("profile.cancel.cancelAnyway")}
        </button>
      </PassForm>
    </section>
  );
}

/** A post answering this pass of the flow: its intent, the pass, and what the parent chose. */
function PassForm({
  fetcher,
  intent,
  session,
  onMove,
  children,
}: {
  fetcher: Fetcher;
  intent: "cancel" | "lifetime" | "pause" | "help-worked";
  session: string;
  onMove: () => void;
  children: ReactNode;
}) {
  return (
    <fetcher.Form method="post" className="profile__form" onSubmit={onMove}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="session" value={session} />
      {children}
    </fetcher.Form>
  );
}

function LifetimeOffer({
  price,
  renewal,
  period,
  session,
  fetcher,
  busy,
  consent,
  onMove,
}: {
  price: string;
  renewal: string;
  period: number;
  session: string;
  fetcher: Fetcher;
  busy: boolean;
  /** The page's locale where buying asks for access at once (ImmediateAccessBox); false elsewhere. */
  consent: Locale | false;
  onMove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <PassForm fetcher={fetcher} intent="lifetime" session={session} onMove={onMove}>
      <p>{t("profile.cancel.save.lifetime.text", { renewal, count: period, price })}</p>
      {consent && <ImmediateAccessBox locale={consent} />}
      <button type="submit" className="button button--wide" disabled={busy}>
        {t("profile.cancel.save.lifetime.submit", { price })}
      </button>
    </PassForm>
  );
}

function PauseOffer({
  choices,
  session,
  locale,
  fetcher,
  busy,
  onMove,
}: {
  choices: Extract<OfferedSave["save"], { offer: "pause" }>["choices"];
  session: string;
  locale: Locale;
  fetcher: Fetcher;
  busy: boolean;
  onMove: () => void;
}) {
  const { t } = useTranslation();
  const from = choices[0]?.from;
  const days = (choice: (typeof choices)[number]) =>
    Math.round((Date.parse(choice.resumesAt) - Date.parse(choice.from)) / 86_400_000);
  return (
    <PassForm fetcher={fetcher} intent="pause" session={session} onMove={onMove}>
      <p>{t("profile.cancel.save.pause.text", { date: from ? formatDate(from, locale) : "" })}</p>
      <fieldset className="cancel-save__choices">
        <legend>{t("profile.cancel.save.pause.legend")}</legend>
        {choices.map((choice, index) => (
          <label key={choice.periods} className="answer answer--check">
            <input
              type="radio"
              name="periods"
              value={choice.periods}
              // The browser's own state: a choice made before the scripts ran stays made.
              defaultChecked={index === 0}
            />
            <span>
              {t("profile.cancel.save.pause.choice", {
                count: days(choice),
                date: formatDate(choice.resumesAt, locale),
              })}
            </span>
          </label>
        ))}
      </fieldset>
      <p>{t("profile.cancel.save.pause.note")}</p>
      <button type="submit" className="button button--wide" disabled={busy}>
        {t("profile.cancel.save.pause.submit")}
      </button>
    </PassForm>
  );
}

function HelpOffer({
  session,
  email,
  locale,
  fetcher,
  busy,
  linkSent,
  onMove,
}: {
  session: string;
  email: string | null;
  locale: Locale;
  fetcher: Fetcher;
  busy: boolean;
  linkSent: boolean;
  onMove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <p>{t("profile.cancel.save.help.text")}</p>
      <ul className="cancel-save__help">
        <li>
          <Link to={localizePath("/printables/", locale)}>{t("profile.cancel.save.help.printables")}</Link>
          <br />
          {t("profile.cancel.save.help.printablesHint")}
        </li>
        {email && (
          <li>
            <fetcher.Form method="post" className="profile__form">
              <input type="hidden" name="intent" value="request-link" />
              <input type="hidden" name="email" value={email} />
              <span>{t("profile.cancel.save.help.signIn")}</span>
              <button type="submit" className="button button--quiet" disabled={busy}>
                {t("profile.cancel.save.help.sendLink")}
              </button>
            </fetcher.Form>
            <p role="status">{linkSent ? t("profile.cancel.save.help.linkSent") : ""}</p>
          </li>
        )}
        <li>{t("profile.cancel.save.help.printing")}</li>
        <li>
          <Trans
            i18nKey="profile.cancel.save.help.support"
            components={{ contact: <Link to={localizePath("/contact/", locale)} /> }}
          />
        </li>
      </ul>
      <PassForm fetcher={fetcher} intent="help-worked" session={session} onMove={onMove}>
        <button type="submit" className="button button--wide" disabled={busy}>
          {t("profile.cancel.save.help.worked")}
        </button>
      </PassForm>
    </>
  );
}
