DROP INDEX "tickets_tenant_status_updated_idx";--> statement-breakpoint
CREATE INDEX "tickets_tenant_status_queue_user_idx" ON "tickets" USING btree ("tenant_id","status","queue_id","user_id");--> statement-breakpoint
CREATE INDEX "tickets_tenant_status_updated_idx" ON "tickets" USING btree ("tenant_id","status","updated_at","id");