import { PageIntro } from "../components/page-intro.tsx";

// Profile: the page frame; its content lands with its own issue.
export default function Profile() {
  return <PageIntro page="profile" />;
}
