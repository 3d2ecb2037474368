-- A ticket inserted without its protocol (the inbound path's first message: upsertActiveTicket with
-- numberAtCommit) is numbered by this deferred trigger when its transaction commits. The tenant's
-- counter row is locked from the numbering to the end of the transaction, and every creation of the
-- tenant waits for it: numbered at the commit, it is held for the commit alone, not for the round
-- trips that follow the creation. Still in the transaction: a rolled-back creation takes no number.
-- Tickets numbered by the statement that inserts them (insertWithProtocol, the outreach ticket) are skipped.
CREATE FUNCTION "number_ticket_at_commit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "tickets" WHERE "id" = NEW."id")
     AND NOT EXISTS (SELECT 1 FROM "ticket_protocols" WHERE "ticket_id" = NEW."id") THEN
    WITH n AS (
      INSERT INTO "ticket_protocol_counters" AS c ("tenant_id", "day", "last_value")
      SELECT tn."id", to_char(now() AT TIME ZONE tn."time_zone", 'YYYYMMDD'), 1 FROM "tenants" tn WHERE tn."id" = NEW."tenant_id"
      ON CONFLICT ("tenant_id", "day") DO UPDATE SET "last_value" = c."last_value" + 1
      RETURNING "tenant_id", "day", "last_value")
    INSERT INTO "ticket_protocols" ("ticket_id", "tenant_id", "protocol", "user_id", "created_at")
    SELECT NEW."id", n."tenant_id", n."day" || lpad(n."last_value"::text, greatest(6, length(n."last_value"::text)), '0'), NEW."user_id", NEW."created_at"
    FROM n;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "tickets_numbered_at_commit" AFTER INSERT ON "tickets" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "number_ticket_at_commit"();
