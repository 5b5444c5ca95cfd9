CREATE TABLE "funnel_visitors" (
	"device_id" text PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"steps" bigint DEFAULT 0 NOT NULL,
	"locale" text,
	"country_code" text,
	"flow" text,
	"utm_source" text,
	"utm_campaign" text,
	"device" text
);
--> statement-breakpoint
CREATE INDEX "funnel_visitors_first_seen" ON "funnel_visitors" USING btree ("first_seen_at");--> statement-breakpoint
CREATE INDEX "funnel_visitors_user" ON "funnel_visitors" USING btree ("user_id");