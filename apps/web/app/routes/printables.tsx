import { PageIntro } from "../components/page-intro.tsx";

// Printables area: the page frame; its content lands with its own issue.
export default function Printables() {
  return <PageIntro page="printables" />;
}
