CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "venues_type_idx";--> statement-breakpoint
DROP INDEX "venues_capacity_idx";--> statement-breakpoint
DROP INDEX "venues_day_rate_idx";--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "venues_state_id_idx" ON "venues" USING btree ("state_code","id");--> statement-breakpoint
CREATE INDEX "venues_city_slug_idx" ON "venues" USING btree ("city_slug","id");--> statement-breakpoint
CREATE INDEX "venues_type_idx" ON "venues" USING btree ("venue_type","id");--> statement-breakpoint
CREATE INDEX "venues_capacity_idx" ON "venues" USING btree ("capacity","id");--> statement-breakpoint
CREATE INDEX "venues_day_rate_idx" ON "venues" USING btree ("day_rate","id");