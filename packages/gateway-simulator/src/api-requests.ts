import type { FastifyReply } from "fastify";
import { z } from "zod";

/**
 * Text the simulator keeps (in text and jsonb columns): no NUL and no unpaired surrogate, which
 * PostgreSQL refuses with an error rather than storing.
 */
const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine(
      (value) => !value.includes("\u0000") && value.isWellFormed(),
      "must be text without NUL or lone surrogates",
    );
const orderId = text(255).min(1);
const amount = z.number().int().positive().max(2_147_483_647);
const currency = z.string().regex(/^[A-Z]{3}$/);
const returnUrl = text(2048).pipe(z.url());

/** The merchant's order on the Payment Page API's /init. */
export const pageOrder = z.object({
  order_id: orderId,
  amount,
  currency,
  order_description: text(255),
  customer_email: text(254).pipe(z.email()),
  language: text(8).optional(),
  success_url: returnUrl,
  fail_url: returnUrl,
});
export type PageOrder = z.infer<typeof pageOrder>;
export const initBody = z.object({
  order: pageOrder,
  page_customization: z.record(z.string(), z.unknown()).optional(),
});

export const recurringBody = z.object({
  order_id: orderId,
  amount,
  currency,
  order_description: text(255).optional(),
  recurring_token: text(255).min(1),
});
export const statusBody = z.object({ order_id: orderId });
export const refundBody = z.object({
  order_id: orderId,
  amount,
  refund_reason_code: text(64).optional(),
});

/** Solidgate's error answer: a code and its messages. */
export const fail = (reply: FastifyReply, status: number, code: string, message: string) =>
  reply.status(status).send({ error: { code, messages: [message] } });

/** Solidgate's answer to a body its schema refuses, naming the first field at fault (`body` for the whole). */
export const invalidData = (reply: FastifyReply, error: z.ZodError) =>
  fail(reply, 422, "2.01", `Invalid data: ${error.issues[0]?.path.join(".") || "body"}`);
