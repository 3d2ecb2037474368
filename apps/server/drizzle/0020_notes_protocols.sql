CREATE TABLE "ticket_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"user_id" integer,
	"note" text NOT NULL,
	"mentioned_user_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_protocol_counters" (
	"tenant_id" integer NOT NULL,
	"day" text NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "ticket_protocol_counters_tenant_id_day_pk" PRIMARY KEY("tenant_id","day")
);
--> statement-breakpoint
CREATE TABLE "ticket_protocols" (
	"ticket_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"protocol" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket_notes" ADD CONSTRAINT "ticket_notes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_notes" ADD CONSTRAINT "ticket_notes_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_notes" ADD CONSTRAINT "ticket_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_protocol_counters" ADD CONSTRAINT "ticket_protocol_counters_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_protocols" ADD CONSTRAINT "ticket_protocols_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_protocols" ADD CONSTRAINT "ticket_protocols_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_protocols" ADD CONSTRAINT "ticket_protocols_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_notes_ticket_idx" ON "ticket_notes" USING btree ("tenant_id","ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_notes_tenant_created_idx" ON "ticket_notes" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_protocols_tenant_protocol_idx" ON "ticket_protocols" USING btree ("tenant_id","protocol");--> statement-breakpoint
CREATE INDEX "ticket_protocols_tenant_created_idx" ON "ticket_protocols" USING btree ("tenant_id","created_at");--> statement-breakpoint
-- Tickets created before protocols existed get one: their creation day in the tenant's time zone, numbered in creation order.
INSERT INTO "ticket_protocols" ("ticket_id", "tenant_id", "protocol", "created_at")
SELECT n.id, n.tenant_id, n.day || lpad(n.seq::text, greatest(6, length(n.seq::text)), '0'), n.created_at
FROM (
  SELECT t.id, t.tenant_id, t.created_at, to_char(t.created_at AT TIME ZONE tn.time_zone, 'YYYYMMDD') AS day,
    row_number() OVER (PARTITION BY t.tenant_id, to_char(t.created_at AT TIME ZONE tn.time_zone, 'YYYYMMDD') ORDER BY t.created_at, t.id) AS seq
  FROM "tickets" t JOIN "tenants" tn ON tn.id = t.tenant_id
) n;--> statement-breakpoint
INSERT INTO "ticket_protocol_counters" ("tenant_id", "day", "last_value")
SELECT "tenant_id", left("protocol", 8), count(*) FROM "ticket_protocols" GROUP BY 1, 2;
