import type { Database } from "@kinderready/db/open-db";
import { getPriceConfig } from "@kinderready/domain/pricing/price-config.server";
import { priceConfigBody, priceConfigResult } from "@kinderready/domain/pricing/price-config-schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorBody } from "../error-handler.ts";

/** Prices: the offer and the upsells ask the server, which alone decides what anything costs. */
export const purchaseRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    "/purchase/price-config",
    {
      schema: {
        summary: "The plans and prices a visitor is offered (initial, catchy and expired variants)",
        tags: ["purchase"],
        body: priceConfigBody,
        response: { 200: priceConfigResult, 400: errorBody, 401: errorBody },
      },
    },
    async (request) => ({ priceConfig: await getPriceConfig(db, request.body) }),
  );
};
