CREATE TABLE "birthday_sends" (
	"contact_id" integer NOT NULL,
	"year" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"channel_id" integer,
	"message_id" uuid,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "birthday_sends_contact_id_year_pk" PRIMARY KEY("contact_id","year")
);
--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "birthday_message" text;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "birthday_hour" integer DEFAULT 9 NOT NULL;--> statement-breakpoint
ALTER TABLE "birthday_sends" ADD CONSTRAINT "birthday_sends_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "birthday_sends" ADD CONSTRAINT "birthday_sends_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "birthday_sends" ADD CONSTRAINT "birthday_sends_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "birthday_sends" ADD CONSTRAINT "birthday_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "birthday_sends_tenant_year_idx" ON "birthday_sends" USING btree ("tenant_id","year");--> statement-breakpoint
CREATE INDEX "contacts_tenant_birthday_md_idx" ON "contacts" USING btree ("tenant_id",right("birthday", 5)) WHERE "contacts"."birthday" is not null;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_birthday_hour_range" CHECK ("channels"."birthday_hour" between 0 and 23);