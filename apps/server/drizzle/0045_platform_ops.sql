CREATE TABLE "platform_audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" integer,
	"actor_tenant_id" integer,
	"actor_name" text,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"target_tenant_id" integer,
	"outcome" text DEFAULT 'ok' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "platform_audit_log_at_idx" ON "platform_audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "platform_audit_log_action_idx" ON "platform_audit_log" USING btree ("action","at");--> statement-breakpoint
CREATE TABLE "job_queue_restarts" (
	"queue_name" text PRIMARY KEY NOT NULL,
	"last_restart_at" timestamp with time zone NOT NULL,
	"failed_restarts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"dry_run" boolean DEFAULT false NOT NULL,
	"scanned" integer DEFAULT 0 NOT NULL,
	"orphaned" integer DEFAULT 0 NOT NULL,
	"removed" integer DEFAULT 0 NOT NULL,
	"bytes_freed" bigint DEFAULT 0 NOT NULL,
	"error" text,
	"requested_by" integer,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_runs_one_active" ON "maintenance_runs" USING btree ("kind") WHERE "maintenance_runs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "maintenance_runs_created_idx" ON "maintenance_runs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "messages_media_key_idx" ON "messages" USING btree ("media_key") WHERE "messages"."media_key" is not null;--> statement-breakpoint
CREATE INDEX "private_messages_media_key_idx" ON "private_messages" USING btree ("media_key") WHERE "private_messages"."media_key" is not null;
