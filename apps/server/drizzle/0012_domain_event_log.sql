CREATE TABLE "domain_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"relayed_at" timestamp with time zone,
	"claimed_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_consumptions" (
	"consumer" text NOT NULL,
	"event_id" bigint NOT NULL,
	"handled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_consumptions_event_id_consumer_pk" PRIMARY KEY("event_id","consumer")
);
--> statement-breakpoint
CREATE INDEX "domain_events_unrelayed_idx" ON "domain_events" USING btree ("id") WHERE "domain_events"."relayed_at" is null;--> statement-breakpoint
CREATE INDEX "domain_events_created_idx" ON "domain_events" USING btree ("created_at");