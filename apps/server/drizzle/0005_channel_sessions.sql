CREATE TABLE "channel_auth_state" (
	"channel_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"category" text NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_auth_state_channel_id_category_key_pk" PRIMARY KEY("channel_id","category","key")
);
--> statement-breakpoint
CREATE TABLE "channel_session_leases" (
	"channel_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"owner" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"acquired_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_auth_state" ADD CONSTRAINT "channel_auth_state_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_auth_state" ADD CONSTRAINT "channel_auth_state_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_session_leases" ADD CONSTRAINT "channel_session_leases_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_session_leases" ADD CONSTRAINT "channel_session_leases_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_session_leases_expires_idx" ON "channel_session_leases" USING btree ("expires_at");