CREATE TABLE "price_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product" text NOT NULL,
	"kind" text NOT NULL,
	"variant" text NOT NULL,
	"split_group" text NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"old_amount" integer,
	"discount_percent" integer,
	"trial_days" integer,
	"period_days" integer,
	"renewal_amount" integer,
	"product_name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "price_plans_key" ON "price_plans" USING btree ("product","kind","variant","split_group","currency");