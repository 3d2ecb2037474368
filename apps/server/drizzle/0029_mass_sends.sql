CREATE TABLE "mass_send_recipients" (
	"tenant_id" integer NOT NULL,
	"mass_send_id" integer NOT NULL,
	"number" text NOT NULL,
	"contact_id" integer,
	"status" text DEFAULT 'waiting' NOT NULL,
	"message_id" uuid,
	"claimed_at" timestamp with time zone,
	"error" text,
	"position" integer NOT NULL,
	CONSTRAINT "mass_send_recipients_mass_send_id_number_pk" PRIMARY KEY("mass_send_id","number")
);
--> statement-breakpoint
CREATE TABLE "mass_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"channel_id" integer NOT NULL,
	"min_delay_seconds" integer NOT NULL,
	"max_delay_seconds" integer NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"media" jsonb,
	"send_as_audio" boolean DEFAULT false NOT NULL,
	"template" jsonb,
	"created_by_id" integer,
	"run" integer DEFAULT 0 NOT NULL,
	"next_send_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mass_send_recipients" ADD CONSTRAINT "mass_send_recipients_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_send_recipients" ADD CONSTRAINT "mass_send_recipients_mass_send_id_mass_sends_id_fk" FOREIGN KEY ("mass_send_id") REFERENCES "public"."mass_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_send_recipients" ADD CONSTRAINT "mass_send_recipients_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_send_recipients" ADD CONSTRAINT "mass_send_recipients_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_sends" ADD CONSTRAINT "mass_sends_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_sends" ADD CONSTRAINT "mass_sends_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_sends" ADD CONSTRAINT "mass_sends_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mass_send_recipients_waiting_idx" ON "mass_send_recipients" USING btree ("mass_send_id","position") WHERE "mass_send_recipients"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "mass_send_recipients_message_idx" ON "mass_send_recipients" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "mass_send_recipients_claimed_idx" ON "mass_send_recipients" USING btree ("mass_send_id","claimed_at");--> statement-breakpoint
CREATE INDEX "mass_sends_tenant_idx" ON "mass_sends" USING btree ("tenant_id","id");