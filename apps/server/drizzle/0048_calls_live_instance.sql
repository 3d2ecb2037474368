-- One live call per channel instance (issue 15, calls). Every server process holding an instance's
-- token hears the device's signals; the process that records an offer first claims the call, the
-- others find the instance's live call taken (INSERT … ON CONFLICT DO NOTHING), so a call is
-- recorded once. Calls left live by a lost "terminate" (older than the instance's latest) end here.
UPDATE "calls" SET "status" = 'terminate', "ended_at" = coalesce("ended_at", now()), "updated_at" = now()
WHERE "status" NOT IN ('terminate', 'reject', 'accept_elsewhere', 'reject_elsewhere')
  AND "channel_id" IS NOT NULL AND "instance" IS NOT NULL
  AND "id" NOT IN (
    SELECT max("id") FROM "calls"
    WHERE "status" NOT IN ('terminate', 'reject', 'accept_elsewhere', 'reject_elsewhere')
      AND "channel_id" IS NOT NULL AND "instance" IS NOT NULL
    GROUP BY "channel_id", "instance"
  );
--> statement-breakpoint
CREATE UNIQUE INDEX "calls_live_instance_idx" ON "calls" USING btree ("channel_id", "instance")
  WHERE "status" NOT IN ('terminate', 'reject', 'accept_elsewhere', 'reject_elsewhere');
