CREATE TABLE "group_actions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"user_id" integer,
	"batch_id" integer,
	"key" text NOT NULL,
	"group_jid" text NOT NULL,
	"group_subject" text,
	"action" text NOT NULL,
	"target" text,
	"status" text NOT NULL,
	"reason" text,
	"detail" text,
	"message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "group_bans" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"number" text NOT NULL,
	"group_jid" text,
	"group_subject" text,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"user_id" integer,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"delay_seconds" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_settings" (
	"channel_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"greeting" text DEFAULT '' NOT NULL,
	"farewell" text DEFAULT '' NOT NULL,
	"word_action" text DEFAULT 'warn' NOT NULL,
	"word_warning" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_words" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"word" text NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_words_lowercase" CHECK ("group_words"."word" = lower("group_words"."word"))
);
--> statement-breakpoint
ALTER TABLE "group_actions" ADD CONSTRAINT "group_actions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_actions" ADD CONSTRAINT "group_actions_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_actions" ADD CONSTRAINT "group_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_actions" ADD CONSTRAINT "group_actions_batch_id_group_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."group_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_actions" ADD CONSTRAINT "group_actions_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_bans" ADD CONSTRAINT "group_bans_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_bans" ADD CONSTRAINT "group_bans_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_bans" ADD CONSTRAINT "group_bans_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_batches" ADD CONSTRAINT "group_batches_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_batches" ADD CONSTRAINT "group_batches_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_batches" ADD CONSTRAINT "group_batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_settings" ADD CONSTRAINT "group_settings_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_settings" ADD CONSTRAINT "group_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_words" ADD CONSTRAINT "group_words_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_words" ADD CONSTRAINT "group_words_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_words" ADD CONSTRAINT "group_words_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "group_actions_key_idx" ON "group_actions" USING btree ("channel_id","key");--> statement-breakpoint
CREATE INDEX "group_actions_tenant_idx" ON "group_actions" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "group_actions_batch_idx" ON "group_actions" USING btree ("batch_id","id");--> statement-breakpoint
CREATE INDEX "group_actions_waiting_idx" ON "group_actions" USING btree ("batch_id","id") WHERE "group_actions"."status" in ('waiting', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "group_bans_unique_idx" ON "group_bans" USING btree ("channel_id","number",coalesce("group_jid", ''));--> statement-breakpoint
CREATE INDEX "group_bans_tenant_idx" ON "group_bans" USING btree ("tenant_id","channel_id");--> statement-breakpoint
CREATE INDEX "group_batches_tenant_idx" ON "group_batches" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_words_unique_idx" ON "group_words" USING btree ("channel_id","word");--> statement-breakpoint
CREATE INDEX "group_words_tenant_idx" ON "group_words" USING btree ("tenant_id","channel_id");