import { type Locale, localizePath } from "@kinderready/i18n/locales";
import { Link } from "react-router";
import { useTranslation } from "../i18n/translation-context.tsx";
import { ConnectivityBanner } from "./connectivity-banner.tsx";
import { legalLinks } from "./legal-links.ts";

export function SiteFooter({ locale, supportEmail }: { locale: Locale; supportEmail: string | undefined }) {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <p className="site-footer__cancel">
        <Link to={localizePath("/cancel/", locale)}>{t("footer.cancelHere")}</Link>
      </p>
      <nav aria-label={t("nav.legal")}>
        <ul className="site-footer__links">
          {legalLinks.map((link) => (
            <li key={link.path}>
              <Link to={localizePath(link.path, locale)}>{t(link.label)}</Link>
            </li>
          ))}
        </ul>
      </nav>
      {supportEmail && <SupportLine text={t("footer.support", { email: supportEmail })} email={supportEmail} />}
      <p>{t("footer.rights", { year: new Date().getUTCFullYear() })}</p>
      <ConnectivityBanner />
    </footer>
  );
}

// The address may sit anywhere in the translated sentence; link it where it stands.
function SupportLine({ text, email }: { text: string; email: string }) {
  const at = text.indexOf(email);
  if (at < 0) return <p>{text}</p>;
  return (
    <p>
      {text.slice(0, at)}
      <a href={`mailto:${email}`}>{email}</a>
      {text.slice(at + email.length)}
    </p>
  );
}
