CREATE TABLE "attributions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"utm_campaign" text,
	"utm_medium" text,
	"utm_source" text,
	"utm_content" text,
	"gclid" text,
	"client_id" text,
	"fb_pixel_id" text,
	"fbc" text,
	"fbp" text,
	"fbclid" text,
	"ttclid" text,
	"first_visit_id" text,
	"organic" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"provider_message_id" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"raw" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_answers" (
	"user_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"position" integer NOT NULL,
	"answer" jsonb NOT NULL,
	CONSTRAINT "quiz_answers_user_id_question_id_pk" PRIMARY KEY("user_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token" text NOT NULL,
	"product" text NOT NULL,
	"email" text,
	"locale" text NOT NULL,
	"country_code" text,
	"region" text,
	"flow" text NOT NULL,
	"purchase_path" text NOT NULL,
	"kid_name" text,
	"kid_age" integer,
	"kid_age_text" text,
	"topics" text[] DEFAULT '{}' NOT NULL,
	"is_forbidden_to_mailing" boolean DEFAULT false NOT NULL,
	"mailing_opt_in_country" boolean DEFAULT false NOT NULL,
	"ccpa" boolean DEFAULT false NOT NULL,
	"email_confirmed_at" timestamp with time zone,
	"time_zone" text,
	"is_manual_access" boolean DEFAULT false NOT NULL,
	"marketing_contact_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_token_unique" UNIQUE("token"),
	CONSTRAINT "users_marketing_contact_id_unique" UNIQUE("marketing_contact_id")
);
--> statement-breakpoint
ALTER TABLE "attributions" ADD CONSTRAINT "attributions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_answers" ADD CONSTRAINT "quiz_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_messages_once" ON "email_messages" USING btree ("user_id","kind","recipient");--> statement-breakpoint
CREATE UNIQUE INDEX "users_product_email_unique" ON "users" USING btree ("product","email");