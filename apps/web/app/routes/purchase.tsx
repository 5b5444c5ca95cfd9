import { PageIntro } from "../components/page-intro.tsx";

// Purchase flow (main at /purchase/ and /purchase-flow/, copy_1 at /offer1/): the page frame; its content lands with its own issue.
export default function Purchase() {
  return <PageIntro page="purchase" />;
}
