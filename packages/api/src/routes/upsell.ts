import type { AppServices } from "@kinderready/domain/app-services";
import {
  decideUpsellOffer,
  getUpsellStatus,
  recordUpsellConversion,
  setUpsellDisplayMode,
  startUpsell,
} from "@kinderready/domain/upsell/upsell.server";
import {
  triggerUpsellBody,
  triggerUpsellResult,
  upsellBody,
  upsellDecisionBody,
  upsellDecisionResult,
  upsellDisplayModeBody,
  upsellParams,
  upsellResult,
  upsellStatusBody,
  upsellStatusResult,
} from "@kinderready/domain/upsell/upsell-schema";
import { upsellPaths } from "@kinderready/domain/upsell-wire";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorBody } from "../error-handler.ts";

const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody, 502: errorBody, 503: errorBody };

/** One-click upsells after the first payment, their status, and the conversion report. */
export const upsellRoutes: FastifyPluginAsyncZod<AppServices> = async (app, services) => {
  app.post(
    upsellPaths.checkout,
    {
      schema: {
        summary: "Charge an upsell on the card of the first payment; the amount must match the server's price",
        tags: ["upsell"],
        params: upsellParams,
        body: upsellBody,
        response: { 200: upsellResult, ...errors },
      },
    },
    async (request) => {
      const body = request.body;
      const { orderId } = await startUpsell(services.payments, {
        userToken: body.user_token,
        email: body.email,
        amount: body.amount,
        currency: body.currency,
        recurringType: body.recurring_type,
        countryCode: body.country_code,
        immediateAccessConsent: body.immediate_access === true,
      });
      return { order_id: orderId };
    },
  );

  app.post(
    upsellPaths.decision,
    {
      schema: {
        summary: "The parent's answer to the upsell offer; the catchy discount applies only after a no, thanks",
        tags: ["upsell"],
        params: upsellParams,
        body: upsellDecisionBody,
        response: { 200: upsellDecisionResult, ...errors },
      },
    },
    async (request) => ({
      stage: await decideUpsellOffer(services.payments, {
        userToken: request.body.user_token,
        decision: request.body.decision,
      }),
    }),
  );

  app.post(
    upsellPaths.status,
    {
      schema: {
        summary: "How an upsell charge went: processing, approved or declined with the gateway's code",
        tags: ["upsell"],
        params: upsellParams,
        body: upsellStatusBody,
        response: { 200: upsellStatusResult, ...errors },
      },
    },
    async (request) => {
      const result = await getUpsellStatus(services.payments, {
        orderId: request.body.order_id,
        userToken: request.body.user_token,
      });
      return { status: result.status, error_code: result.errorCode };
    },
  );

  app.post(
    upsellPaths.trigger,
    {
      schema: {
        summary: "Record the parent's latest approved upsell as a conversion for the ad platforms",
        tags: ["upsell"],
        body: triggerUpsellBody,
        response: { 200: triggerUpsellResult, ...errors },
      },
    },
    async (request) => recordUpsellConversion(services.payments, { userToken: request.body.user_token }),
  );

  app.put(
    upsellPaths.displayMode,
    {
      schema: {
        summary: "The operator's choice of upsell display: POPUP (a modal over the printables) or TABS",
        tags: ["upsell"],
        body: upsellDisplayModeBody,
        response: { 200: upsellDisplayModeBody, 400: errorBody, 401: errorBody },
      },
    },
    async (request) => {
      await setUpsellDisplayMode(services, request.body.mode);
      return { mode: request.body.mode };
    },
  );
};
