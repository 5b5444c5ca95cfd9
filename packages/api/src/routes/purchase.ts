import { AppError, AppErrorCode } from "@kinderready/domain/app-error";
import type { AppServices } from "@kinderready/domain/app-services";
import { getCheckoutResult, startCheckout } from "@kinderready/domain/payments/checkout.server";
import {
  checkoutBody,
  checkoutResult,
  offerViewBody,
  offerViewResult,
  orderStatusBody,
  orderStatusResult,
} from "@kinderready/domain/payments/checkout-schema";
import { showSubscriptionOffer } from "@kinderready/domain/pricing/offer-state.server";
import { getOfferTimerSeconds } from "@kinderready/domain/pricing/offer-timer.server";
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
    async (request) => ({ priceConfig: await getPriceConfig(services, request.body) }),
  );

  app.post(
    "/purchase/offer-view",
    {
      schema: {
        summary: "The price is on the parent's screen: starts their countdown once and answers the seconds left",
        tags: ["purchase"],
        body: offerViewBody,
        response: { 200: offerViewResult, ...errors },
      },
    },
    async (request) => ({
      seconds_left: await showSubscriptionOffer(services, {
        userToken: request.body.user_token,
        timeoutSeconds: await getOfferTimerSeconds(services, services.offerTimerTimeout),
        now: services.payments.now(),
      }),
    }),
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
      // After paying, the gateway sends the parent to this address: it must be the product's own.
      const origin = new URL(services.appUrl).origin;
      if (new URL(body.return_url).origin !== origin) {
        throw new AppError(AppErrorCode.Invalid, "return_url", `must be an address on ${origin}`);
      }
      const started = await startCheckout(services.payments, {
        userToken: body.user_token,
        flow: body.flow,
        offerTimeoutSeconds: await getOfferTimerSeconds(services, services.offerTimerTimeout),
        countryCode: body.country_code,
        immediateAccessConsent: body.immediate_access === true,
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
        summary:
          "How a parent's payment went: pending, approved, declined with the gateway's code, duplicate (already subscribed) or offer_ended (the intro price paid too late): both refunded",
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
