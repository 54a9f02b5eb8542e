-- Issue 38: a hold remembers the saved plan it came from ('Hold all dates'), so /bookings groups a
-- tour's requests and releases them together, and the deal offered (one the venue states), set per
-- row in the review step. A deleted plan leaves its holds, ungrouped. docs/bookings.md.
ALTER TABLE "bookings" ADD COLUMN "deal_type" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "tour_plan_id" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_tour_plan_id_tour_plans_id_fk" FOREIGN KEY ("tour_plan_id") REFERENCES "public"."tour_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_tour_plan_idx" ON "bookings" USING btree ("tour_plan_id") WHERE "bookings"."tour_plan_id" is not null;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_deal_type_check" CHECK ("bookings"."deal_type" is null or "bookings"."deal_type" in ('flat_fee', 'guarantee', 'door_split', 'bar_split'));
