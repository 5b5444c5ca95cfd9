import english from "@kinderready/i18n/catalogues/en.json" with { type: "json" };
import { createTranslator } from "@kinderready/i18n/translator";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { TranslatorProvider } from "../i18n/translation-context.tsx";
import { maxRefreshes } from "./pending-refresh.ts";
import { ReloadWhilePending } from "./reload-while-pending.tsx";

// A pending payment's page as the server renders it: what a browser without scripts does with it.

function serverHtml(address: string, element = <ReloadWhilePending />) {
  return renderToString(
    <TranslatorProvider translator={createTranslator("en", english)}>
      <MemoryRouter initialEntries={[address]}>{element}</MemoryRouter>
    </TranslatorProvider>,
  );
}

describe("a pending payment's page without scripts", () => {
  it("reloads itself in 3 s, says so, and links to the same reload", () => {
    expect(serverHtml("/printables/?token=t&order_id=o")).toBe(
      '<noscript><meta http-equiv="refresh" content="3;url=?token=t&amp;order_id=o&amp;checks=1"/> <!-- -->This page updates by itself.<!-- --> <a href="?token=t&amp;order_id=o&amp;checks=1">Update now</a></noscript>',
    );
  });

  it("says it in a paragraph of its own where the page asks", () => {
    expect(
      serverHtml("/purchase/?order_id=o", <ReloadWhilePending said="purchase.result.updating" className="notice" />),
    ).toContain('/><p class="notice">Your payment is still being processed.');
  });

  it("stops reloading once it has asked as long as the scripts would, and offers to ask again", () => {
    const html = serverHtml(`/profile/subscription/?checks=${maxRefreshes}`);
    expect(html).not.toContain("refresh");
    expect(html).toContain("We haven&#x27;t heard back about your payment yet.");
    expect(html).toContain('<a href="?">Check again</a>');
  });
});
