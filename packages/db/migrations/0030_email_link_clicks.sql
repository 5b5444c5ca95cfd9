ALTER TABLE "email_messages" ADD COLUMN "first_clicked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "clicks" integer DEFAULT 0 NOT NULL;