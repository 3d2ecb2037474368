-- A push is worded in the language of the browser it goes to: the web app tells it when it
-- subscribes and whenever the user changes language. Subscriptions made before this: Portuguese.
ALTER TABLE "push_subscriptions" ADD COLUMN "language" text DEFAULT 'pt' NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_language" CHECK ("push_subscriptions"."language" IN ('pt', 'en', 'es', 'de', 'fr', 'it', 'pl', 'ru'));
