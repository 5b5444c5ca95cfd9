import { data } from "react-router";

// Unknown addresses (and /404/ itself) answer 404; the root error page says so in the page's language.
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
