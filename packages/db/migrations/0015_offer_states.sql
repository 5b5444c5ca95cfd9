CREATE TABLE "offer_states" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"offer_deadline_at" timestamp with time zone,
	"upsale_stage" text DEFAULT 'initial' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offer_states" ADD CONSTRAINT "offer_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;