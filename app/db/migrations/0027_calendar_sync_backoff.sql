-- A feed that fails is tried again after 15 minutes doubled once per failure in a row (at most 64×),
-- not every 15 minutes (app/services/calendar-sync.server.ts).
ALTER TABLE "venue_calendar_subscriptions" ADD COLUMN "failures" integer DEFAULT 0 NOT NULL;