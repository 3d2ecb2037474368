CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"api_config_id" uuid NOT NULL,
	"event_id" bigint NOT NULL,
	"seq" smallint DEFAULT 0 NOT NULL,
	"event_type" text NOT NULL,
	"ticket_id" integer,
	"body" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status_code" integer,
	"last_error" text,
	"response_excerpt" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"give_up_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_state" CHECK ("webhook_deliveries"."state" in ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "api_configs" ADD COLUMN "webhook_url" text;--> statement-breakpoint
ALTER TABLE "api_configs" ADD COLUMN "webhook_secret" text;--> statement-breakpoint
ALTER TABLE "api_configs" ADD COLUMN "webhook_secret_last4" text;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_api_config_id_api_configs_id_fk" FOREIGN KEY ("api_config_id") REFERENCES "public"."api_configs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_config_event_key" ON "webhook_deliveries" USING btree ("api_config_id","event_id","seq");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_log_idx" ON "webhook_deliveries" USING btree ("api_config_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_ticket_pending_idx" ON "webhook_deliveries" USING btree ("api_config_id","ticket_id","event_id","seq") WHERE "webhook_deliveries"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_settled_idx" ON "webhook_deliveries" USING btree ("updated_at");