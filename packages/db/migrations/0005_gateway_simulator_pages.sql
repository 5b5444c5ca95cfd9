CREATE TABLE "gateway_simulator_pages" (
	"guid" text PRIMARY KEY NOT NULL,
	"merchant" text NOT NULL,
	"order_id" text NOT NULL,
	"order" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
