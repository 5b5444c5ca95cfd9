import type { AppServices } from "@kinderready/domain/app-services";
import { recordItemCompletion } from "@kinderready/domain/printables/printables.server";
import {
  completionBody,
  completionResult,
  printablesParams,
  printablesQuery,
  printablesResult,
} from "@kinderready/domain/printables/printables-schema";
import { getPrintables } from "@kinderready/domain/printables/printables-view.server";
import type { Locale } from "@kinderready/i18n/locales";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorBody } from "../error-handler.ts";

const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody };

/** The printables area: what the parent may open, and marking items done. */
export const printablesRoutes: FastifyPluginAsyncZod<AppServices> = async (app, services) => {
  app.get(
    "/printables/:token",
    {
      schema: {
        summary:
          "The parent's printables by product: the kit's levels (lock, progress, signed links) and owned add-ons",
        tags: ["printables"],
        params: printablesParams,
        querystring: printablesQuery,
        response: { 200: printablesResult, ...errors },
      },
    },
    async (request) =>
      getPrintables(services.printables, {
        userToken: request.params.token,
        locale: request.query.locale as Locale,
        invoices: request.query.printablesByInvoices,
      }),
  );

  app.post(
    "/printables/:token/progress",
    {
      schema: {
        summary: "Mark a printable or activity done, too hard for now, or neither; completing a level unlocks the next",
        tags: ["printables"],
        params: printablesParams,
        body: completionBody,
        response: { 200: completionResult, ...errors },
      },
    },
    async (request) =>
      recordItemCompletion(services.printables, {
        userToken: request.params.token,
        itemId: request.body.item_id,
        done: request.body.done,
        tooHard: request.body.too_hard,
      }),
  );
};
