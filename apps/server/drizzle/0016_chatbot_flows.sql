CREATE TABLE "chat_flow_handled_messages" (
	"message_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_flow_positions" (
	"ticket_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"flow_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"step_id" text NOT NULL,
	"interaction_index" integer NOT NULL,
	"waiting_for" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"waiting_since" timestamp with time zone NOT NULL,
	"webhook" jsonb,
	"move_id" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_flow_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"flow_id" integer NOT NULL,
	"version" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_flows" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"test_number" text,
	"draft" jsonb NOT NULL,
	"draft_changed" boolean DEFAULT true NOT NULL,
	"published_version_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "chat_flow_id" integer;--> statement-breakpoint
ALTER TABLE "chat_flow_handled_messages" ADD CONSTRAINT "chat_flow_handled_messages_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_flow_handled_messages" ADD CONSTRAINT "chat_flow_handled_messages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_flow_handled_messages" ADD CONSTRAINT "chat_flow_handled_messages_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_flow_positions" ADD CONSTRAINT "chat_flow_positions_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_flow_positions" ADD CONSTRAINT "chat_flow_positions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_flow_positions" ADD CONSTRAINT "chat_flow_positions_flow_id_chat_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."chat_flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_flow_positions" ADD CONSTRAINT "chat_flow_positions_version_id_chat_flow_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."chat_flow_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_flow_versions" ADD CONSTRAINT "chat_flow_versions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_flow_versions" ADD CONSTRAINT "chat_flow_versions_flow_id_chat_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."chat_flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_flows" ADD CONSTRAINT "chat_flows_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_flow_handled_messages_ticket_idx" ON "chat_flow_handled_messages" USING btree ("ticket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_flow_versions_flow_version_key" ON "chat_flow_versions" USING btree ("flow_id","version");--> statement-breakpoint
CREATE INDEX "chat_flows_tenant_idx" ON "chat_flows" USING btree ("tenant_id");--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_chat_flow_id_chat_flows_id_fk" FOREIGN KEY ("chat_flow_id") REFERENCES "public"."chat_flows"("id") ON DELETE set null ON UPDATE no action;