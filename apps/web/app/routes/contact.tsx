import { ContactForm } from "../components/profile/contact-form.tsx";
import { loadContact, sendContactMessage } from "../contact/contact-route.server.ts";
import type { Route } from "./+types/contact";

// Contact us (/contact/): a message to support (Name, Email, Message).

export const loader = (args: Route.LoaderArgs) => loadContact(args);
export const action = (args: Route.ActionArgs) => sendContactMessage(args);

export default function Contact({ loaderData }: Route.ComponentProps) {
  return <ContactForm initialEmail={loaderData.email} />;
}
