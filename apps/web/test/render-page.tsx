import english from "@kinderready/i18n/catalogues/en.json" with { type: "json" };
import { createTranslator, type Translator } from "@kinderready/i18n/translator";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { type ActionFunctionArgs, createRoutesStub, useLocation } from "react-router";
import { vi } from "vitest";
import { TranslatorProvider } from "../app/i18n/translation-context.tsx";
import { rehydrateStores } from "../app/stores/create-persisted-store.ts";

// Component tests of the funnel's pages (ADR 0034): the component under a React Router stub route,
// in English unless a translator is given, with the stores restored (nothing is persisted: persistence is off in tests).

/** A page's post as its action receives it: the JSON body the component submitted, or a form's fields. */
export type Post = Record<string, unknown>;

/**
 * Renders `page` at `url` under a stub route whose action answers the page's posts with `answer`.
 * Returns what testing-library's render does, the posts received, and the address as it is now.
 */
export async function renderPage(
  page: ReactElement,
  {
    url,
    path,
    answer = () => null,
    translator = createTranslator("en", english),
  }: { url: string; path: string; answer?: (post: Post) => unknown; translator?: Translator },
) {
  await rehydrateStores();
  const posts: Post[] = [];
  const address = { current: "" };
  const Stub = createRoutesStub([
    {
      path,
      // biome-ignore lint/correctness/noComponentHookFactories: one stub per render, made once; its route shows this page
      Component: () => <Addressed page={page} address={address} />,
      action: async ({ request }: ActionFunctionArgs) => {
        const json = request.headers.get("content-type")?.includes("json");
        const post = (json ? await request.json() : Object.fromEntries(await request.formData())) as Post;
        posts.push(post);
        return answer(post);
      },
    },
  ]);
  const view = render(
    <TranslatorProvider translator={translator}>
      <Stub initialEntries={[url]} />
    </TranslatorProvider>,
  );
  return { ...view, posts, location: () => address.current };
}

/** The page, noting the address it is rendered at. */
function Addressed({ page, address }: { page: ReactElement; address: { current: string } }) {
  const { pathname, search } = useLocation();
  address.current = `${pathname}${search}`;
  return page;
}

/**
 * Analytics and error reports leave through fetch and sendBeacon: here they go nowhere, so a test
 * never reaches a server that happens to listen on the test page's origin.
 */
export function silenceNetwork() {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(null, { status: 204 })),
  );
  Object.defineProperty(navigator, "sendBeacon", { value: () => true, configurable: true });
}
