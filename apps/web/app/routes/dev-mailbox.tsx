import { listDevMailbox } from "@kinderready/domain/email/dev-mailbox.server";
import { data } from "react-router";
import { requestContext } from "#load-context";
import type { Route } from "./+types/dev-mailbox";

// The local outbox, for developers and the end-to-end tests: what would have gone out by SMTP.
// English only, and on a developer's own machine only (it shows other people's sign-in links).

export async function loader({ context }: Route.LoaderArgs) {
  const { config, services } = context.get(requestContext);
  if (config.appEnv !== "local") throw data(null, { status: 404 });
  const messages = await listDevMailbox(services);
  return { messages };
}

export const meta: Route.MetaFunction = () => [
  { title: "Mailbox (development)" },
  { name: "robots", content: "noindex" },
];

function Linkified({ text }: { text: string }) {
  return text.split(/(https?:\/\/\S+)/).map((part, i) =>
    /^https?:\/\//.test(part) ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
      <a key={i} href={part}>
        {part}
      </a>
    ) : (
      part
    ),
  );
}

export default function DevMailbox({ loaderData }: Route.ComponentProps) {
  return (
    <section className="page" aria-labelledby="mailbox-title" lang="en" dir="ltr">
      <h1 id="mailbox-title">Mailbox (development)</h1>
      <p className="muted">Email the app sent while SMTP_URL is not set, newest first.</p>
      {loaderData.messages.length === 0 && <p>No email yet.</p>}
      {loaderData.messages.map((message) => (
        <article key={message.id} className="mail" aria-labelledby={`mail-${message.id}`}>
          <h2 id={`mail-${message.id}`}>{message.subject}</h2>
          <p className="muted">
            To {message.recipient}, {message.createdAt.toISOString()}
          </p>
          <pre className="mail__text">
            <Linkified text={message.text} />
          </pre>
        </article>
      ))}
    </section>
  );
}
