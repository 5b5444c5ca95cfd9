import { useTranslation } from "../i18n/translation-context.tsx";

/**
 * The support chat's slot, bottom right (bottom left in Arabic, mirrored with the page): a
 * button that opens the operator's hosted chat in a new tab. A link, not a third-party script:
 * no chat vendor's code runs on pages whose address can carry the parent's token.
 */
export function SupportChat({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <a className="support-chat" href={url} target="_blank" rel="noopener noreferrer">
      <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24">
        <path d="M4 5h16v10H9l-5 4z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      </svg>
      <span>{t("contact.chat")}</span>
    </a>
  );
}
