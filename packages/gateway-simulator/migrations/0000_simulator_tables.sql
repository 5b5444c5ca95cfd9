CREATE TABLE "gateway_simulator_cards" (
	"token" text PRIMARY KEY NOT NULL,
	"card_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_simulator_orders" (
	"order_id" text PRIMARY KEY NOT NULL,
	"merchant" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"final_status" text,
	"error_code" text,
	"amount" integer NOT NULL,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"description" text,
	"card_token" text,
	"settles_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_simulator_pages" (
	"guid" text PRIMARY KEY NOT NULL,
	"merchant" text NOT NULL,
	"order_id" text NOT NULL,
	"order" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
