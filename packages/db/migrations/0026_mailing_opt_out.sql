ALTER TABLE "users" ADD COLUMN "mailing_opt_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mailing_opt_out_via" text;