import type { AppServices } from "@kinderready/domain/app-services";
import {
  decideUpsaleOffer,
  getUpsaleStatus,
  recordUpsaleConversion,
  setUpsaleDisplayMode,
  startUpsale,
} from "@kinderready/domain/upsale/upsale.server";
import {
  triggerUpsaleBody,
  triggerUpsaleResult,
  upsaleBody,
  upsaleDecisionBody,
  upsaleDecisionResult,
  upsaleDisplayModeBody,
  upsaleParams,
  upsaleResult,
  upsaleStatusBody,
  upsaleStatusResult,
} from "@kinderready/domain/upsale/upsale-schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorBody } from "../error-handler.ts";

const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody, 502: errorBody, 503: errorBody };

/** One-click upsells after the first payment, their status, and the conversion report. */
export const upsaleRoutes: FastifyPluginAsyncZod<AppServices> = async (app, services) => {
  app.post(
    "/:gateway/upsale",
    {
      schema: {
        summary: "Charge an upsell on the card of the first payment; the amount must match the server's price",
        tags: ["upsale"],
        params: upsaleParams,
        body: upsaleBody,
        response: { 200: upsaleResult, ...errors },
      },
    },
    async (request) => {
      const body = request.body;
      const { orderId } = await startUpsale(services.payments, {
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
    "/:gateway/upsale/decision",
    {
      schema: {
        summary: "The parent's answer to the upsell offer; the catchy discount applies only after a no, thanks",
        tags: ["upsale"],
        params: upsaleParams,
        body: upsaleDecisionBody,
        response: { 200: upsaleDecisionResult, ...errors },
      },
    },
    async (request) => ({
      stage: await decideUpsaleOffer(services.payments, {
        userToken: request.body.user_token,
        decision: request.body.decision,
      }),
    }),
  );

  app.post(
    "/:gateway/upsale/status",
    {
      schema: {
        summary: "How an upsell charge went: processing, approved or declined with the gateway's code",
        tags: ["upsale"],
        params: upsaleParams,
        body: upsaleStatusBody,
        response: { 200: upsaleStatusResult, ...errors },
      },
    },
    async (request) => {
      const result = await getUpsaleStatus(services.payments, {
        orderId: request.body.order_id,
        userToken: request.body.user_token,
      });
      return { status: result.status, error_code: result.errorCode };
    },
  );

  app.post(
    "/conversion/trigger-upsale",
    {
      schema: {
        summary: "Record the parent's latest approved upsell as a conversion for the ad platforms",
        tags: ["upsale"],
        body: triggerUpsaleBody,
        response: { 200: triggerUpsaleResult, ...errors },
      },
    },
    async (request) => recordUpsaleConversion(services.payments, { userToken: request.body.user_token }),
  );

  app.put(
    "/upsale/display-mode",
    {
      schema: {
        summary: "The operator's choice of upsell display: POPUP (a modal over the printables) or TABS",
        tags: ["upsale"],
        body: upsaleDisplayModeBody,
        response: { 200: upsaleDisplayModeBody, 400: errorBody, 401: errorBody },
      },
    },
    async (request) => {
      await setUpsaleDisplayMode(services.db, request.body.mode);
      return { mode: request.body.mode };
    },
  );
};
