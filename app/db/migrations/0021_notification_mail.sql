-- Email for notifications (docs/notifications.md): each notification knows its kind and where its
-- mail stands; users keep a list of kinds they want in the app only; job_leases lets one instance
-- at a time run each timed job. (The snapshot also drops login_failures, which 0018 removed by hand.)
CREATE TABLE "job_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text,
	"leased_until" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "conversation_id" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "mail_state" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "mail_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "mail_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "mail_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_off" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "notifications_mail_due_idx" ON "notifications" USING btree ("mail_after") WHERE "notifications"."mail_state" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "notifications_conversation_mail_idx" ON "notifications" USING btree ("user_id","conversation_id","mail_sent_at") WHERE "notifications"."conversation_id" is not null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" is null or "notifications"."kind" in ('booking_request', 'booking_answer', 'booking_cancelled', 'booking_change', 'hold_update', 'question_asked', 'question_answered', 'claim', 'message'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_mail_state_check" CHECK ("notifications"."mail_state" in ('none', 'pending', 'sending', 'sent', 'batched', 'skipped', 'failed'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_email_off_check" CHECK ("users"."email_off" <@ array['booking_request', 'booking_answer', 'booking_cancelled', 'booking_change', 'hold_update', 'question_asked', 'question_answered', 'claim', 'message']::text[]);