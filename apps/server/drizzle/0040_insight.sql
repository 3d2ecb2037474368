ALTER TABLE "tickets" ADD COLUMN "origin" text DEFAULT 'customer' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "first_response_at" timestamp with time zone;--> statement-breakpoint
-- Backfill (the dashboard's receptive vs active): a ticket's origin from its 'created' log where one says who opened it (an agent, a forward, an outreach, the API, a schedule, a birthday), else from its first message (sent from the channel's phone: 'phone'); the rest stay 'customer'.
UPDATE "tickets" AS t SET "origin" = s.origin
FROM (
  SELECT t2.id, coalesce(
    (SELECT l.payload->>'by' FROM "ticket_logs" l
      WHERE l.ticket_id = t2.id AND l.type = 'created' AND l.payload->>'by' IN ('agent', 'forward', 'outreach', 'api', 'schedule', 'birthday')
      ORDER BY l.id LIMIT 1),
    (SELECT CASE WHEN m.from_me THEN 'phone' END FROM "messages" m WHERE m.ticket_id = t2.id ORDER BY m.created_at, m.id LIMIT 1)
  ) AS origin
  FROM "tickets" t2
) AS s
WHERE s.id = t.id AND s.origin IS NOT NULL;--> statement-breakpoint
-- Backfill: the first response is the first message an agent sent in the ticket after its creation (messages do not record whether an automation sent it in the agent's name; from now on only the agent's own messages set it).
UPDATE "tickets" AS t SET "first_response_at" = r.at
FROM (
  SELECT m.ticket_id, min(m.created_at) AS at
  FROM "messages" m JOIN "tickets" t2 ON t2.id = m.ticket_id
  WHERE m.from_me AND m.user_id IS NOT NULL AND m.created_at >= t2.created_at
  GROUP BY m.ticket_id
) AS r
WHERE r.ticket_id = t.id;--> statement-breakpoint
-- The indexes after the backfill (written once, not updated row by row).
CREATE INDEX "contacts_tenant_created_idx" ON "contacts" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tickets_tenant_created_idx" ON "tickets" USING btree ("tenant_id","created_at","status","channel_id","queue_id","user_id","origin","rating","first_response_at","closed_at");
