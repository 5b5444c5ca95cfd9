import type { AppServices } from "@kinderready/domain/app-services";
import { findParent } from "@kinderready/domain/parents/find-parent.server";
import { userTokenSchema } from "@kinderready/domain/parents/parent-token";
import { products } from "@kinderready/domain/product";
import { requestAccessLink } from "@kinderready/domain/profile/access-links.server";
import { eraseParentData } from "@kinderready/domain/profile/erase-parent-data.server";
import {
  cancelSubscriptionByParent,
  getProfile,
  renewSubscriptionByParent,
  restoreSubscriptionByParent,
  updateConsent,
} from "@kinderready/domain/profile/profile.server";
import {
  accessLinkRequestSchema,
  cancelRequestSchema,
  consentSchema,
  contactRequestSchema,
  profileViewSchema,
  subscriptionInfoSchema,
} from "@kinderready/domain/profile/profile-schema";
import { submitSupportRequest } from "@kinderready/domain/profile/support-requests.server";
import { localeCodes } from "@kinderready/i18n/locales";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBody } from "../error-handler.ts";

const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };
const product = z.enum(products).default("kinderready");
const tokenParams = z.object({ token: userTokenSchema });
const productQuery = z.object({ product });
const parentBody = z.object({ user_token: userTokenSchema, product });
const done = z.object({ ok: z.literal(true) });

type RouteApp = Parameters<FastifyPluginAsyncZod<AppServices>>[0];
type Account = AppServices["account"];

/**
 * The profile: what the parent sees, their consent, the subscription's
 * management and deleting their data; sign-in links and the contact form.
 */
export const profileRoutes: FastifyPluginAsyncZod<AppServices> = async (app, services) => {
  const { account } = services;
  profileViewRoute(app, account);
  consentRoute(app, account);
  cancelSubscriptionRoute(app, account);
  restoreSubscriptionRoute(app, account);
  renewSubscriptionRoute(app, services);
  deleteDataRoute(app, account);
  accessLinkRoute(app, account);
  supportRoute(app, account);
};

function profileViewRoute(app: RouteApp, account: Account) {
  app.get(
    "/profile/:token",
    {
      schema: {
        summary:
          "The parent's profile: child, email, subscription (status, expired_at, cancelled_at), purchases, consent",
        tags: ["profile"],
        params: tokenParams,
        querystring: productQuery,
        response: { 200: profileViewSchema, ...errors },
      },
    },
    async (request) => getProfile(account, { token: request.params.token }),
  );
}

function consentRoute(app: RouteApp, account: Account) {
  app.put(
    "/profile/:token/consent",
    {
      schema: {
        summary: "Marketing email and 'do not sell or share', as the parent chose them",
        tags: ["profile"],
        params: tokenParams,
        querystring: productQuery,
        body: consentSchema,
        response: { 200: done, ...errors },
      },
    },
    async (request) => {
      await updateConsent(account, {
        token: request.params.token,
        consent: request.body,
      });
      return { ok: true as const };
    },
  );
}

function cancelSubscriptionRoute(app: RouteApp, account: Account) {
  app.post(
    "/subscription/cancel",
    {
      schema: {
        summary: "Cancel renewals with a reason; access stays until the period ends",
        tags: ["profile"],
        body: parentBody.extend(cancelRequestSchema.shape),
        response: { 200: subscriptionInfoSchema, ...errors },
      },
    },
    async (request) =>
      cancelSubscriptionByParent(account, {
        token: request.body.user_token,
        request: { reason: request.body.reason, comment: request.body.comment },
      }),
  );
}

function restoreSubscriptionRoute(app: RouteApp, account: Account) {
  app.post(
    "/subscription/restore",
    {
      schema: {
        summary: "Take a cancellation back before the period ends (409: Cannot restore subscription)",
        tags: ["profile"],
        body: parentBody,
        response: { 200: subscriptionInfoSchema, ...errors },
      },
    },
    async (request) => restoreSubscriptionByParent(account, { token: request.body.user_token }),
  );
}

function renewSubscriptionRoute(app: RouteApp, services: AppServices) {
  app.post(
    "/subscription/renew",
    {
      schema: {
        summary: "Renew an expired subscription: one charge now on the card on file",
        tags: ["profile"],
        body: parentBody,
        response: {
          200: z.object({ status: z.enum(["approved", "declined", "processing"]), errorCode: z.string().nullable() }),
          ...errors,
        },
      },
    },
    async (request) => renewSubscriptionByParent(services.payments, { token: request.body.user_token }),
  );
}

function deleteDataRoute(app: RouteApp, account: Account) {
  app.post(
    "/user/delete",
    {
      schema: {
        summary: "Delete the parent's personal data (409 while a subscription renews)",
        tags: ["profile"],
        body: parentBody,
        response: { 200: z.object({ confirmationSent: z.boolean() }), ...errors },
      },
    },
    async (request) => eraseParentData(account, { token: request.body.user_token }),
  );
}

function accessLinkRoute(app: RouteApp, account: Account) {
  app.post(
    "/profile/access-link",
    {
      schema: {
        summary: "Email a sign-in link to this address if a parent has it; the same answer either way",
        tags: ["profile"],
        body: accessLinkRequestSchema.extend({ product }),
        response: { 200: done, ...errors },
      },
    },
    async (request) => {
      await requestAccessLink(account, { email: request.body.email, clientAddress: request.ip });
      return { ok: true as const };
    },
  );
}

function supportRoute(app: RouteApp, account: Account) {
  app.post(
    "/support",
    {
      schema: {
        summary: "A message for support (Name, Email, Message), delivered by email",
        tags: ["profile"],
        body: contactRequestSchema.extend({
          locale: z.enum(localeCodes).default("en"),
          user_token: userTokenSchema.optional(),
          product,
        }),
        response: { 200: done, ...errors },
      },
    },
    async (request) => {
      // The schema checked the product; the message is the contact form's own fields.
      const { locale, user_token, product: _product, ...message } = request.body;
      const parent = user_token ? await findParent(account, { token: user_token }) : undefined;
      await submitSupportRequest(account, {
        request: message,
        locale,
        userId: parent?.id,
        clientAddress: request.ip,
      });
      return { ok: true as const };
    },
  );
}
