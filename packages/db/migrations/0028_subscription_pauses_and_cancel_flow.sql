CREATE TABLE "cancel_flow_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"reason" text NOT NULL,
	"comment" text,
	"offer" text NOT NULL,
	"outcome" text,
	"saved_by" text,
	"renewal_amount" integer NOT NULL,
	"currency" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "pause_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "resumes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cancel_flow_sessions" ADD CONSTRAINT "cancel_flow_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cancel_flow_sessions_started" ON "cancel_flow_sessions" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "cancel_flow_sessions_user" ON "cancel_flow_sessions" USING btree ("user_id");