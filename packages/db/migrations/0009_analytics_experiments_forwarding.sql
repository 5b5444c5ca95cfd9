CREATE TABLE "analytics_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analytics_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"user_id" uuid,
	"device_id" text NOT NULL,
	"session_id" bigint NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"page" text,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"user_properties" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"device_id" text,
	"ua" text,
	"platform" text,
	"browser_name" text,
	"browser_version" text,
	"device_vendor" text,
	"device_model" text,
	"locale" text NOT NULL,
	"host" text,
	"country_code" text,
	"utm_campaign" text,
	"utm_medium" text,
	"utm_source" text,
	"gclid" text,
	"client_id" text,
	"fb_pixel_id" text,
	"fbc" text,
	"fbp" text,
	"fbclid" text,
	"ttclid" text,
	"page_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversion_deliveries" (
	"conversion_id" uuid NOT NULL,
	"destination" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "conversion_deliveries_conversion_id_destination_pk" PRIMARY KEY("conversion_id","destination")
);
--> statement-breakpoint
CREATE TABLE "split_exposures" (
	"user_id" uuid NOT NULL,
	"split_name" text NOT NULL,
	"group" text NOT NULL,
	"exposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "split_exposures_user_id_split_name_pk" PRIMARY KEY("user_id","split_name")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ad_consent" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ad_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversion_deliveries" ADD CONSTRAINT "conversion_deliveries_conversion_id_conversion_events_id_fk" FOREIGN KEY ("conversion_id") REFERENCES "public"."conversion_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_exposures" ADD CONSTRAINT "split_exposures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_events_event_id" ON "analytics_events" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "analytics_events_user" ON "analytics_events" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "analytics_events_name_time" ON "analytics_events" USING btree ("name","occurred_at");--> statement-breakpoint
CREATE INDEX "analytics_visits_user" ON "analytics_visits" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "conversion_deliveries_due" ON "conversion_deliveries" USING btree ("status","next_attempt_at");