-- A notification the platform writes (a task reminder, a mention) is stored as its kind and its
-- params, and each reader's app words it in their own language; its message is then null. A
-- broadcast keeps the text its sender typed, and rows written before this keep their text.
ALTER TABLE "notifications" ALTER COLUMN "message" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "params" jsonb;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_text_or_kind" CHECK ("notifications"."message" IS NOT NULL OR "notifications"."kind" IS NOT NULL);
