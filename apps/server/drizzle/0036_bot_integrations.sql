CREATE TABLE "bot_integration_sessions" (
	"ticket_id" integer NOT NULL,
	"kind" text NOT NULL,
	"tenant_id" integer NOT NULL,
	"session_id" text,
	"choices" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bot_integration_sessions_ticket_id_kind_pk" PRIMARY KEY("ticket_id","kind")
);
--> statement-breakpoint
CREATE TABLE "bot_integration_settings" (
	"tenant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"api_key" text,
	"config" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bot_integration_settings_tenant_id_kind_pk" PRIMARY KEY("tenant_id","kind")
);
--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "disable_integrations_on_open" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "wait_integration_processing" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "bot_integration_sessions" ADD CONSTRAINT "bot_integration_sessions_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_integration_sessions" ADD CONSTRAINT "bot_integration_sessions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_integration_settings" ADD CONSTRAINT "bot_integration_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bot_integration_sessions_tenant_idx" ON "bot_integration_sessions" USING btree ("tenant_id");