import {
  checkEmailUnique,
  confirmEmail,
  getOnboardingStatus,
  type OnboardingDeps,
  submitOnboarding,
} from "@kinderready/domain/onboarding/onboarding.server";
import {
  checkEmailBody,
  checkEmailResult,
  confirmEmailBody,
  confirmEmailResult,
  onboardingBody,
  onboardingResult,
  onboardingStatus,
  statusQuery,
} from "@kinderready/domain/onboarding/onboarding-schema";
import { purchaseRedirect } from "@kinderready/domain/onboarding/purchase-redirect";
import { userTokenSchema } from "@kinderready/domain/parents/parent-token";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBody } from "../error-handler.ts";

const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody };

/** Lead capture: the quiz result, email uniqueness, the visitor's status and email confirmation. */
export const onboardingRoutes: FastifyPluginAsyncZod<OnboardingDeps> = async (app, deps) => {
  app.post(
    "/onboarding",
    {
      schema: {
        summary: "Store a finished quiz as a lead (idempotent per user_token) and queue the welcome email",
        tags: ["onboarding"],
        body: onboardingBody,
        response: { 200: onboardingResult, ...errors },
      },
    },
    async (request) => {
      await submitOnboarding(deps, request.body);
      return {
        user_token: request.body.user_token,
        redirect: purchaseRedirect({
          purchasePath: request.body.purchasePathByFlow,
          locale: request.body.locale,
          search: "",
          token: request.body.user_token,
        }),
      };
    },
  );

  app.get(
    "/onboarding/:token",
    {
      schema: {
        summary: "A visitor's status: registered, purchased, subscription and access",
        tags: ["onboarding"],
        params: z.object({ token: userTokenSchema }),
        querystring: statusQuery,
        response: { 200: onboardingStatus, ...errors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return getOnboardingStatus(deps, { token: request.params.token, ...request.query });
    },
  );

  app.post(
    "/user/check-email",
    {
      schema: {
        summary: "Whether an email is still free for the product",
        tags: ["onboarding"],
        body: checkEmailBody,
        response: { 200: checkEmailResult, ...errors },
      },
    },
    async (request) => ({ is_email_unique: await checkEmailUnique(deps, request.body) }),
  );

  app.post(
    "/email/confirm",
    {
      schema: {
        summary: "Confirm a parent's email from the link in the welcome email",
        tags: ["onboarding"],
        body: confirmEmailBody,
        response: { 200: confirmEmailResult, ...errors },
      },
    },
    async (request) => confirmEmail(deps, request.body),
  );
};
