ALTER TABLE "orders" ADD COLUMN "upsell_mode" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "upsell_variant" text;--> statement-breakpoint
UPDATE "orders" SET "upsell_variant" = "price_plans"."variant" FROM "price_plans" WHERE "price_plans"."id" = "orders"."price_plan_id" AND "orders"."purpose" = 'upsale';
