import { PageIntro } from "../components/page-intro.tsx";

// Cancel-subscription flow: the page frame; its content lands with its own issue.
export default function CancelSubscription() {
  return <PageIntro page="cancelSubscription" />;
}
