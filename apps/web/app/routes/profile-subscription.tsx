import { PageIntro } from "../components/page-intro.tsx";

// Subscription management: the page frame; its content lands with its own issue.
export default function ProfileSubscription() {
  return <PageIntro page="subscription" />;
}
