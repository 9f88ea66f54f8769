-- The counters trigger ran once per row. A statement that moves many repairs
-- at once (a bulk status change) took each counter's lock as its rows came,
-- so two such statements could each hold a counter the other wanted next:
-- Postgres then failed one of them as a deadlock (16 bulk changes of 50
-- repairs in mixed statuses at once: 15 of them failed). Now the counters
-- change once per statement, from the statement's transition tables, netted
-- per shop and status and taken in key order, so every statement locks them
-- in one order. (A transaction of several such statements takes the ones it
-- needs first, in the same order: changeStatuses in lib/repairs/mutations.ts.)
DROP TRIGGER "repairs_counts" ON "repairs";
DROP FUNCTION "repair_counts_track"();

CREATE FUNCTION "repair_counts_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "repair_counts" ("shop_id", "status", "count")
    SELECT "shop_id", "status", count(*)::int FROM "new_rows"
    GROUP BY "shop_id", "status" ORDER BY "shop_id", "status"
    ON CONFLICT ("shop_id", "status") DO UPDATE SET "count" = "repair_counts"."count" + EXCLUDED."count";
  ELSIF TG_OP = 'DELETE' THEN
    -- Not for a shop being deleted: its counters go with it.
    INSERT INTO "repair_counts" ("shop_id", "status", "count")
    SELECT o."shop_id", o."status", -count(*)::int FROM "old_rows" o JOIN "shops" s ON s."id" = o."shop_id"
    GROUP BY o."shop_id", o."status" ORDER BY o."shop_id", o."status"
    ON CONFLICT ("shop_id", "status") DO UPDATE SET "count" = "repair_counts"."count" + EXCLUDED."count";
  ELSE
    -- Each old row has its new one: per shop and status, the new rows less
    -- the old ones is the change, and a repair whose status stayed cancels out.
    INSERT INTO "repair_counts" ("shop_id", "status", "count")
    SELECT d."shop_id", d."status", sum(d."delta")::int
    FROM (
      SELECT "shop_id", "status", 1 AS "delta" FROM "new_rows"
      UNION ALL
      SELECT "shop_id", "status", -1 FROM "old_rows"
    ) AS d
    GROUP BY d."shop_id", d."status"
    HAVING sum(d."delta") <> 0
    ORDER BY d."shop_id", d."status"
    ON CONFLICT ("shop_id", "status") DO UPDATE SET "count" = "repair_counts"."count" + EXCLUDED."count";
  END IF;
  RETURN NULL;
END;
$$;

-- A trigger with transition tables has one event and no column list.
CREATE TRIGGER "repairs_counts_insert" AFTER INSERT ON "repairs"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "repair_counts_track"();
CREATE TRIGGER "repairs_counts_delete" AFTER DELETE ON "repairs"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "repair_counts_track"();
CREATE TRIGGER "repairs_counts_update" AFTER UPDATE ON "repairs"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "repair_counts_track"();
