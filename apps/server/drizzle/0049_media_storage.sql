CREATE TABLE "media_storage_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"active" text DEFAULT 'local' NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_storage_state_single" CHECK ("media_storage_state"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "media_migrations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"target" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"total_files" integer DEFAULT 0 NOT NULL,
	"total_bytes" bigint DEFAULT 0 NOT NULL,
	"copied" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"bytes_copied" bigint DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"requested_by" integer,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "media_migrations_one_active" ON "media_migrations" USING btree ((true)) WHERE "media_migrations"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "media_migrations_created_idx" ON "media_migrations" USING btree ("created_at");
