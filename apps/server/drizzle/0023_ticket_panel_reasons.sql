CREATE TABLE "demands" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "demand_id" integer;--> statement-breakpoint
ALTER TABLE "demands" ADD CONSTRAINT "demands_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "demands_tenant_name_key" ON "demands" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_demand_id_demands_id_fk" FOREIGN KEY ("demand_id") REFERENCES "public"."demands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tickets_tenant_demand_idx" ON "tickets" USING btree ("tenant_id","demand_id");