import type { Route } from "./+types/contact";
import { ContactForm } from "./contact-form.tsx";
import { loadContact, sendContactMessage } from "./contact-route.server.ts";

// Contact us (/contact/): a message to support (Name, Email, Message).

export const loader = (args: Route.LoaderArgs) => loadContact(args);
export const action = (args: Route.ActionArgs) => sendContactMessage(args);

export default function Contact({ loaderData }: Route.ComponentProps) {
  return <ContactForm initialEmail={loaderData.email} />;
}
