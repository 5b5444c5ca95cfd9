import { Fragment } from "react";
import { EmailAddress } from "./email-address.tsx";

const webAddress = /^https?:\/\//;
const emailAddress = /^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$/;

/**
 * Email addresses and web addresses in a paragraph become links. Each link reads left to right
 * (`dir="ltr"`, isolated), so on an Arabic page a URL keeps its slash at its end, and wraps
 * (app.css), so a long one never makes a phone's page scroll sideways.
 */
export function LinkedText({ text }: { text: string }) {
  const parts = text.split(/((?:https?:\/\/[^\s]+[^\s.,;:!?»”)])|(?:[\w.+-]+@[\w-]+(?:\.[\w-]+)+))/);
  return (
    <>
      {parts.map((part, index) => {
        const key = `${index}-${part}`;
        if (webAddress.test(part))
          return (
            <a key={key} href={part} dir="ltr" className="linked-text__address" rel="noopener noreferrer">
              {part}
            </a>
          );
        if (emailAddress.test(part))
          return (
            <a key={key} href={`mailto:${part}`} dir="ltr" className="linked-text__address">
              <EmailAddress address={part} />
            </a>
          );
        return <Fragment key={key}>{part}</Fragment>;
      })}
    </>
  );
}
