CREATE TABLE "split_phases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"split_name" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"groups" jsonb NOT NULL,
	"control" text NOT NULL,
	"running" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversion_events" ADD COLUMN "client_ip" text;--> statement-breakpoint
ALTER TABLE "conversion_events" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "funnel_visitors" ADD COLUMN "step_times" bigint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
CREATE INDEX "split_phases_split" ON "split_phases" USING btree ("split_name","started_at");