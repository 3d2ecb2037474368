ALTER TABLE "mass_sends" ALTER COLUMN "channel_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mass_send_recipients" ADD COLUMN "sms_id" uuid;--> statement-breakpoint
ALTER TABLE "mass_send_recipients" ADD CONSTRAINT "mass_send_recipients_sms_id_sms_messages_id_fk" FOREIGN KEY ("sms_id") REFERENCES "public"."sms_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mass_send_recipients_sms_idx" ON "mass_send_recipients" USING btree ("sms_id");