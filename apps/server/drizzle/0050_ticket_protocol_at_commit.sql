-- The tenant's next protocol: yyyyMMdd of its day (its time zone) + the day's sequence, at least 6
-- digits, from its per-day counter row. The row stays locked until the transaction ends, so
-- concurrent creations number in order and a rolled-back creation gives its number back (no gap, no
-- twin). Every path that numbers a ticket calls it (tickets.repository.ts and the trigger below).
CREATE FUNCTION "next_ticket_protocol"("p_tenant_id" integer) RETURNS text LANGUAGE sql VOLATILE AS $$
  INSERT INTO "ticket_protocol_counters" AS c ("tenant_id", "day", "last_value")
  SELECT tn."id", to_char(now() AT TIME ZONE tn."time_zone", 'YYYYMMDD'), 1 FROM "tenants" tn WHERE tn."id" = "p_tenant_id"
  ON CONFLICT ("tenant_id", "day") DO UPDATE SET "last_value" = c."last_value" + 1
  RETURNING "day" || lpad("last_value"::text, greatest(6, length("last_value"::text)), '0');
$$;--> statement-breakpoint
-- A ticket inserted without its protocol (a customer's first message: upsertActiveTicket with
-- numberAtCommit) is numbered when its transaction commits: the counter row, which every creation of
-- the tenant waits for, is then locked for the commit alone, not for the round trips that follow the
-- creation. Still inside the transaction: a rolled-back creation takes no number. Tickets numbered by
-- the statement that inserts them are skipped.
CREATE FUNCTION "number_ticket_at_commit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "tickets" WHERE "id" = NEW."id")
     AND NOT EXISTS (SELECT 1 FROM "ticket_protocols" WHERE "ticket_id" = NEW."id") THEN
    INSERT INTO "ticket_protocols" ("ticket_id", "tenant_id", "protocol", "user_id", "created_at")
    VALUES (NEW."id", NEW."tenant_id", "next_ticket_protocol"(NEW."tenant_id"), NEW."user_id", NEW."created_at");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "tickets_numbered_at_commit" AFTER INSERT ON "tickets" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "number_ticket_at_commit"();
