CREATE TABLE "date_offers" (
	"id" text PRIMARY KEY NOT NULL,
	"venue_id" text NOT NULL,
	"organizer_id" text NOT NULL,
	"date" text NOT NULL,
	"sent_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inquiries" (
	"id" text PRIMARY KEY NOT NULL,
	"venue_id" text NOT NULL,
	"asker_id" text,
	"question" text NOT NULL,
	"date" text,
	"status" text DEFAULT 'open' NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inquiries_status_check" CHECK ("inquiries"."status" in ('open', 'answered', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "venue_claims" (
	"id" text PRIMARY KEY NOT NULL,
	"venue_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role_at_venue" text NOT NULL,
	"business_email" text NOT NULL,
	"phone" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"domain_match" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "venue_claims_status_check" CHECK ("venue_claims"."status" in ('open', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "venue_views" (
	"venue_id" text NOT NULL,
	"day" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "date_offers" ADD CONSTRAINT "date_offers_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_offers" ADD CONSTRAINT "date_offers_organizer_id_users_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_offers" ADD CONSTRAINT "date_offers_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_asker_id_users_id_fk" FOREIGN KEY ("asker_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_claims" ADD CONSTRAINT "venue_claims_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_claims" ADD CONSTRAINT "venue_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_claims" ADD CONSTRAINT "venue_claims_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_views" ADD CONSTRAINT "venue_views_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "date_offers_venue_organizer_date_key" ON "date_offers" USING btree ("venue_id","organizer_id","date");--> statement-breakpoint
CREATE INDEX "inquiries_venue_created_idx" ON "inquiries" USING btree ("venue_id","created_at");--> statement-breakpoint
CREATE INDEX "inquiries_asker_idx" ON "inquiries" USING btree ("asker_id");--> statement-breakpoint
CREATE INDEX "inquiries_open_expires_idx" ON "inquiries" USING btree ("expires_at") WHERE "inquiries"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "venue_claims_open_user_venue_key" ON "venue_claims" USING btree ("user_id","venue_id") WHERE "venue_claims"."status" = 'open';--> statement-breakpoint
CREATE INDEX "venue_claims_status_idx" ON "venue_claims" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "venue_views_venue_day_key" ON "venue_views" USING btree ("venue_id","day");