-- Two plans may not share a name, whatever its case (the operator told them apart by name only): a
-- unique index on lower(name), as queues and tags have. Names are trimmed first, and a duplicate
-- written before this keeps its name with its id after it ("Pro (7)"), the oldest one unchanged.
UPDATE "plans" SET "name" = btrim("name") WHERE "name" <> btrim("name");--> statement-breakpoint
UPDATE "plans" p SET "name" = p."name" || ' (' || p."id" || ')'
  WHERE EXISTS (SELECT 1 FROM "plans" o WHERE lower(o."name") = lower(p."name") AND o."id" < p."id");--> statement-breakpoint
-- A renamed one may meet a plan already called so ("Pro (2)"): that one, the newer, gets '#id' too.
UPDATE "plans" p SET "name" = p."name" || ' #' || p."id"
  WHERE EXISTS (SELECT 1 FROM "plans" o WHERE lower(o."name") = lower(p."name") AND o."id" <> p."id")
    AND NOT EXISTS (SELECT 1 FROM "plans" o WHERE lower(o."name") = lower(p."name") AND o."id" > p."id");--> statement-breakpoint
CREATE UNIQUE INDEX "plans_name_key" ON "plans" USING btree (lower("name"));
