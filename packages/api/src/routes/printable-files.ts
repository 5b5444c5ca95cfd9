import type { ErrorReporter } from "@kinderready/domain/error-reporting/error-reporter";
import {
  parseFileName,
  parseScopeSlug,
  verifyDownloadLink,
} from "@kinderready/domain/printables/download-links.server";
import { childPreviewFor } from "@kinderready/domain/printables/kit-preview.server";
import type { PrintablesDeps } from "@kinderready/domain/printables/printables.server";
import { resolveDownload } from "@kinderready/domain/printables/resolve-download.server";
import { type Locale, localeCodes } from "@kinderready/i18n/locales";
import { serverI18n } from "@kinderready/i18n/server-i18n.server";
import { findKitItem } from "@kinderready/kit/catalogue";
import { type PictureId, pictureIds } from "@kinderready/kit/pictures/picture-catalogue";
import { renderPictureSvg } from "@kinderready/kit/pictures/picture-svg";
import { type RenderCache, renderKey } from "@kinderready/kit/render.server";
import type { RenderPool } from "@kinderready/kit/render-pool.server";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { z } from "zod";
import { installErrorHandler } from "../error-handler.ts";

// The files behind the printables page, outside /api/v1 (the browser opens them directly):
// personalised PDFs behind signed, expiring links, public SVG previews, and a parent's own
// previews with the child's name behind signed addresses.

export type PrintableFilesOptions = {
  printables: PrintablesDeps;
  /** Renders PDFs off the request thread. */
  pool: RenderPool;
  cache: RenderCache;
  previews: RenderCache;
  errors: ErrorReporter;
};

const locale = z.enum(localeCodes as [Locale, ...Locale[]]);

const downloadQuery = z.object({
  u: z.uuid(),
  locale,
  paper: z.enum(["a4", "letter"]),
  exp: z.coerce.number().int().positive(),
  sig: z.string().min(20).max(100),
  inv: z.string().max(100).optional(),
  /** `inline` opens the PDF in the browser (for printing); the default saves it. */
  disposition: z.enum(["inline", "attachment"]).default("attachment"),
});

/** A short page in the link's language for a link that no longer works. */
function linkProblemPage(language: Locale, key: "expired" | "invalid") {
  const t = serverI18n(language).t;
  const dir = language === "ar" ? "rtl" : "ltr";
  return `<!doctype html><html lang="${language}" dir="${dir}"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${t(`printables.files.${key}Title`)}</title><main style="font-family:sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem"><h1>${t(`printables.files.${key}Title`)}</h1><p>${t(`printables.files.${key}Text`)}</p></main></html>`;
}

type RouteApp = Parameters<FastifyPluginAsyncZod<PrintableFilesOptions>>[0];

export const printableFilesPlugin: FastifyPluginAsyncZod<PrintableFilesOptions> = async (app, options) => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app, options.errors);
  downloadRoute(app, options);
  pictureRoute(app, options);
  previewRoute(app, options);
};

/** A personalised PDF behind a signed, expiring link; a link that no longer works gets a short page saying so. */
function downloadRoute(app: RouteApp, options: PrintableFilesOptions) {
  app.get(
    "/:scope/:file",
    {
      schema: {
        hide: true,
        params: z.object({ scope: z.string().max(80), file: z.string().max(100) }),
        querystring: downloadQuery,
      },
    },
    async (request, reply) => {
      const { u, paper, exp, sig, disposition, inv } = request.query;
      const scope = parseScopeSlug(request.params.scope);
      const file = parseFileName(request.params.file);
      const grant = scope &&
        file && { userId: u, scope, locale: request.query.locale, paper, expiresAt: exp, invoices: inv };
      const deps = options.printables;
      reply.header("referrer-policy", "no-referrer").header("x-robots-tag", "noindex");
      if (!grant || !verifyDownloadLink(deps.downloadUrlSecret, grant, sig, deps.now())) {
        const expired = grant !== undefined && exp * 1000 < deps.now().getTime();
        return reply
          .status(expired ? 410 : 403)
          .type("text/html; charset=utf-8")
          .header("cache-control", "no-store")
          .send(linkProblemPage(request.query.locale, expired ? "expired" : "invalid"));
      }
      const render = await resolveDownload(deps, { ...grant, file: file as NonNullable<typeof file> });
      const key = renderKey(render);
      if (request.headers["if-none-match"] === `"${key}"`) return reply.status(304).send();
      const bytes = await options.cache.get(key, () => options.pool.render(render));
      return reply
        .type("application/pdf")
        .header("content-disposition", `${disposition}; filename="${render.filename}"`)
        .header("cache-control", "private, max-age=3600")
        .header("etag", `"${key}"`)
        .send(bytes);
    },
  );
}

/** The kit's pictures, for the funnel's pages: the same library the worksheets draw from. */
function pictureRoute(app: RouteApp, options: PrintableFilesOptions) {
  const knownPictures = new Set<string>(pictureIds);
  app.get(
    "/picture/:file",
    {
      schema: { hide: true, params: z.object({ file: z.string().regex(/^[a-z0-9-]{1,40}\.svg$/) }) },
    },
    async (request, reply) => {
      const id = request.params.file.slice(0, -".svg".length);
      if (!knownPictures.has(id)) {
        return reply.status(404).send({ message: "params.file: No such picture", statusCode: 404 });
      }
      const svg = await options.previews.get(`picture:${id}`, async () =>
        Buffer.from(renderPictureSvg(id as PictureId)),
      );
      return reply
        .type("image/svg+xml")
        .header("cache-control", "public, max-age=604800")
        .header("content-security-policy", "default-src 'none'")
        .send(svg);
    },
  );
}

const previewQuery = z.object({
  locale,
  v: z.string().max(40).optional(),
  // A parent's own preview, drawn with their child's name: signed for their id (getKitPreview).
  u: z.uuid().optional(),
  sig: z.string().min(20).max(100).optional(),
});

/** A kit item's preview: the same for everyone, or a parent's own with their child's name behind a signed address. */
function previewRoute(app: RouteApp, options: PrintableFilesOptions) {
  app.get(
    "/preview/:file",
    {
      schema: {
        hide: true,
        params: z.object({ file: z.string().regex(/^[a-z0-9-]{1,90}\.svg$/) }),
        querystring: previewQuery,
      },
    },
    async (request, reply) => {
      const found = findKitItem(request.params.file.slice(0, -".svg".length));
      if (!found) return reply.status(404).send({ message: "params.file: No such printable", statusCode: 404 });
      const { u, sig } = request.query;
      if (u !== undefined || sig !== undefined) return sendChildPreview(reply, options, found.item.id, request.query);
      const language = request.query.locale;
      const svg = await options.previews.get(`${found.item.id}:${language}`, () =>
        options.pool.preview({ itemId: found.item.id, locale: language, displayWidth: 160 }),
      );
      // The URL carries the content version: a changed kit gets new URLs.
      return reply
        .type("image/svg+xml")
        .header("cache-control", request.query.v ? "public, max-age=31536000, immutable" : "public, max-age=3600")
        .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'")
        .send(svg);
    },
  );
}

/** A parent's own preview, drawn with their child's name; a wrong or half signature is no preview. */
async function sendChildPreview(
  reply: FastifyReply,
  options: PrintableFilesOptions,
  itemId: string,
  { locale: language, u, sig }: z.infer<typeof previewQuery>,
) {
  const child =
    u && sig ? await childPreviewFor(options.printables, { userId: u, itemId, locale: language, sig }) : undefined;
  if (!child) return reply.status(404).send({ message: "query.sig: No such preview", statusCode: 404 });
  const svg = await options.previews.get(child.cacheKey, () =>
    options.pool.preview({
      itemId,
      locale: language,
      displayWidth: 240,
      childName: child.childName,
    }),
  );
  // A child's name is in it: this browser's cache only, and never sent on as a referrer.
  return reply
    .type("image/svg+xml")
    .header("cache-control", "private, max-age=86400")
    .header("referrer-policy", "no-referrer")
    .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'")
    .send(svg);
}
