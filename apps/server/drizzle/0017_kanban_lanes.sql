CREATE TABLE "lanes" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT '#868e96' NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "lane_id" integer;--> statement-breakpoint
ALTER TABLE "lanes" ADD CONSTRAINT "lanes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lanes_tenant_name_key" ON "lanes" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "lanes_tenant_position_idx" ON "lanes" USING btree ("tenant_id","position");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_lane_id_lanes_id_fk" FOREIGN KEY ("lane_id") REFERENCES "public"."lanes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tickets_tenant_lane_idx" ON "tickets" USING btree ("tenant_id","lane_id");