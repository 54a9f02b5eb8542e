-- Every write to a table that a cache reads is announced by the database itself, whoever sends
-- it (a worker of this host or another, a script, psql): one NOTIFY on the channel
-- stagepass_table_writes with the table's name, which every app process hears on its realtime
-- bus's LISTEN connection and empties the caches that read the table
-- (docs/decisions/039-database-notify-invalidation.md). A statement trigger, so one statement costs
-- one notification however many rows it writes, and PostgreSQL folds the same name sent twice in a
-- transaction into one, delivered at COMMIT and never after a ROLLBACK. The high-volume tables that
-- no cache reads (UNANNOUNCED_TABLES in app/db/client.server.ts) have none; a test fails when a new
-- table is in neither list (tests/integration/table-writes.test.ts).
CREATE OR REPLACE FUNCTION stagepass_announce_table_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('stagepass_table_writes', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER announce_table_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION stagepass_announce_table_write();
--> statement-breakpoint
CREATE TRIGGER announce_table_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION stagepass_announce_table_write();
--> statement-breakpoint
CREATE TRIGGER announce_table_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON plan_requests
  FOR EACH STATEMENT EXECUTE FUNCTION stagepass_announce_table_write();
--> statement-breakpoint
CREATE TRIGGER announce_table_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON artist_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION stagepass_announce_table_write();
--> statement-breakpoint
CREATE TRIGGER announce_table_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bookings
  FOR EACH STATEMENT EXECUTE FUNCTION stagepass_announce_table_write();
--> statement-breakpoint
CREATE TRIGGER announce_table_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON booking_events
  FOR EACH STATEMENT EXECUTE FUNCTION stagepass_announce_table_write();
--> statement-breakpoint
CREATE TRIGGER announce_table_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON booking_changes
  FOR EACH STATEMENT EXECUTE FUNCTION stagepass_announce_table_write();
--> statement-breakpoint
CREATE TRIGGER announce_table_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON venues
  FOR EACH STATEMENT EXECUTE FUNCTION stagepass_announce_table_write();
--> statement-breakpoint
CREATE TRIGGER announce_table_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON venue_facets
  FOR EACH STATEMENT EXECUTE FUNCTION stagepass_announce_table_write();
--> statement-breakpoint
CREATE TRIGGER announce_table_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tour_plans
  FOR EACH STATEMENT EXECUTE FUNCTION stagepass_announce_table_write();
--> statement-breakpoint
CREATE TRIGGER announce_table_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON conversations
  FOR EACH STATEMENT EXECUTE FUNCTION stagepass_announce_table_write();
--> statement-breakpoint
CREATE TRIGGER announce_table_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON notifications
  FOR EACH STATEMENT EXECUTE FUNCTION stagepass_announce_table_write();
--> statement-breakpoint
CREATE TRIGGER announce_table_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON wishlist_items
  FOR EACH STATEMENT EXECUTE FUNCTION stagepass_announce_table_write();
--> statement-breakpoint
CREATE TRIGGER announce_table_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON inquiries
  FOR EACH STATEMENT EXECUTE FUNCTION stagepass_announce_table_write();
--> statement-breakpoint
CREATE TRIGGER announce_table_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON venue_claims
  FOR EACH STATEMENT EXECUTE FUNCTION stagepass_announce_table_write();
--> statement-breakpoint
CREATE TRIGGER announce_table_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON date_offers
  FOR EACH STATEMENT EXECUTE FUNCTION stagepass_announce_table_write();
--> statement-breakpoint
CREATE TRIGGER announce_table_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blog_posts
  FOR EACH STATEMENT EXECUTE FUNCTION stagepass_announce_table_write();
--> statement-breakpoint
CREATE TRIGGER announce_table_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON uploads
  FOR EACH STATEMENT EXECUTE FUNCTION stagepass_announce_table_write();
--> statement-breakpoint
CREATE TRIGGER announce_table_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON venue_calendar
  FOR EACH STATEMENT EXECUTE FUNCTION stagepass_announce_table_write();
--> statement-breakpoint
CREATE TRIGGER announce_table_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON calendar_feeds
  FOR EACH STATEMENT EXECUTE FUNCTION stagepass_announce_table_write();
--> statement-breakpoint
CREATE TRIGGER announce_table_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON venue_calendar_subscriptions
  FOR EACH STATEMENT EXECUTE FUNCTION stagepass_announce_table_write();
--> statement-breakpoint
CREATE TRIGGER announce_table_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON venue_booking_settings
  FOR EACH STATEMENT EXECUTE FUNCTION stagepass_announce_table_write();
--> statement-breakpoint
CREATE TRIGGER announce_table_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_terms
  FOR EACH STATEMENT EXECUTE FUNCTION stagepass_announce_table_write();
--> statement-breakpoint
CREATE TRIGGER announce_table_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON app_settings
  FOR EACH STATEMENT EXECUTE FUNCTION stagepass_announce_table_write();
