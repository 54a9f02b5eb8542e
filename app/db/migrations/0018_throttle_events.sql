-- One table for every throttle (app/services/throttle.server.ts): failed sign-ins, sign-ups, reset
-- mails, questions, contact messages and new conversations, each row counted per account, per
-- address and per (account, address). The failed sign-ins of the last 15 minutes move over, so a
-- lock in force when this runs still holds.
CREATE TABLE "throttle_events" (
	"id" text PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"account" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "throttle_events_account_idx" ON "throttle_events" USING btree ("action","account","created_at");--> statement-breakpoint
CREATE INDEX "throttle_events_ip_idx" ON "throttle_events" USING btree ("action","ip","created_at");--> statement-breakpoint
INSERT INTO "throttle_events" ("id", "action", "account", "ip", "created_at")
SELECT "id", 'login', "email", "ip", "created_at" FROM "login_failures" WHERE "created_at" > now() - interval '15 minutes';--> statement-breakpoint
DROP TABLE "login_failures" CASCADE;
