CREATE TABLE "venue_view_visitors" (
	"venue_id" text NOT NULL,
	"visitor" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	CONSTRAINT "venue_view_visitors_venue_id_visitor_window_start_pk" PRIMARY KEY("venue_id","visitor","window_start")
);
--> statement-breakpoint
ALTER TABLE "venue_view_visitors" ADD CONSTRAINT "venue_view_visitors_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "venue_view_visitors_window_idx" ON "venue_view_visitors" USING btree ("window_start");