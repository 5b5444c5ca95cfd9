ALTER TABLE "orders" ADD COLUMN "via_payment_page" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "card_update_declines" integer DEFAULT 0 NOT NULL;