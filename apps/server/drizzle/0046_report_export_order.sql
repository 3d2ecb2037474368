CREATE TABLE "report_export_order" (
	"export_id" uuid NOT NULL,
	"tenant_id" integer NOT NULL,
	"position" integer NOT NULL,
	"row_id" integer NOT NULL,
	CONSTRAINT "report_export_order_export_id_position_pk" PRIMARY KEY("export_id","position")
);
--> statement-breakpoint
ALTER TABLE "report_export_order" ADD CONSTRAINT "report_export_order_export_id_report_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."report_exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_export_order" ADD CONSTRAINT "report_export_order_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_config_pending_idx" ON "webhook_deliveries" USING btree ("api_config_id","event_id","seq") WHERE "webhook_deliveries"."state" = 'pending';
