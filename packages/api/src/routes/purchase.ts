import type { AppServices } from "@kinderready/domain/app-services";
import { getCheckoutResult, startCheckout } from "@kinderready/domain/payments/checkout.server";
import {
  checkoutBody,
  checkoutResult,
  orderStatusBody,
  orderStatusResult,
} from "@kinderready/domain/payments/checkout-schema";
import { getPriceConfig } from "@kinderready/domain/pricing/price-config.server";
import { priceConfigBody, priceConfigResult } from "@kinderready/domain/pricing/price-config-schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorBody } from "../error-handler.ts";

const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody, 502: errorBody, 503: errorBody };

/**
 * Prices and the first payment: the offer asks the server what anything costs, and the server
 * alone turns a plan into an order and a hosted payment page.
 */
export const purchaseRoutes: FastifyPluginAsyncZod<AppServices> = async (app, services) => {
  const { db } = services;
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

  app.post(
    "/purchase/checkout",
    {
      schema: {
        summary: "Start the first payment: the order (one per attempt) and the gateway's hosted payment page",
        tags: ["purchase"],
        body: checkoutBody,
        response: { 200: checkoutResult, ...errors },
      },
    },
    async (request) => {
      const body = request.body;
      const started = await startCheckout(services.payments, {
        userToken: body.user_token,
        product: body.product,
        flow: body.flow,
        variant: body.variant,
        countryCode: body.country_code,
        locale: body.locale,
        returnUrl: body.return_url,
      });
      return { order_id: started.orderId, redirect_url: started.redirectUrl };
    },
  );

  app.post(
    "/purchase/order-status",
    {
      schema: {
        summary: "How a parent's payment went: pending, approved or declined with the gateway's code",
        tags: ["purchase"],
        body: orderStatusBody,
        response: { 200: orderStatusResult, ...errors },
      },
    },
    async (request) => {
      const result = await getCheckoutResult(services.payments, {
        orderId: request.body.order_id,
        userToken: request.body.user_token,
      });
      return { status: result.status, error_code: result.errorCode };
    },
  );
};
