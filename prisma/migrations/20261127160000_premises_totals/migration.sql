-- Goods on the premises without a scan of the table (issue 53): the dashboard
-- summed the declared value of every held repair on each load (a scan of
-- the whole table; docs/performance.md). The per-status counters now keep, beside each count,
-- the sum of the declared values and how many have none, in the same
-- per-statement trigger, so the totals are a read of a few counter rows.
ALTER TABLE "repair_counts"
  ADD COLUMN "declared_total" DECIMAL(16, 2) NOT NULL DEFAULT 0,
  ADD COLUMN "undeclared" INTEGER NOT NULL DEFAULT 0;

CREATE OR REPLACE FUNCTION "repair_counts_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "repair_counts" ("shop_id", "status", "count", "declared_total", "undeclared")
    SELECT "shop_id", "status", count(*)::int, coalesce(sum("declared_value"), 0),
      count(*) FILTER (WHERE "declared_value" IS NULL)::int
    FROM "new_rows" WHERE "deleted_at" IS NULL
    GROUP BY "shop_id", "status" ORDER BY "shop_id", "status"
    ON CONFLICT ("shop_id", "status") DO UPDATE SET "count" = "repair_counts"."count" + EXCLUDED."count",
      "declared_total" = "repair_counts"."declared_total" + EXCLUDED."declared_total",
      "undeclared" = "repair_counts"."undeclared" + EXCLUDED."undeclared";
  ELSIF TG_OP = 'DELETE' THEN
    -- Not for a shop being deleted: its counters go with it.
    INSERT INTO "repair_counts" ("shop_id", "status", "count", "declared_total", "undeclared")
    SELECT o."shop_id", o."status", -count(*)::int, -coalesce(sum(o."declared_value"), 0),
      -count(*) FILTER (WHERE o."declared_value" IS NULL)::int
    FROM "old_rows" o JOIN "shops" s ON s."id" = o."shop_id"
    WHERE o."deleted_at" IS NULL
    GROUP BY o."shop_id", o."status" ORDER BY o."shop_id", o."status"
    ON CONFLICT ("shop_id", "status") DO UPDATE SET "count" = "repair_counts"."count" + EXCLUDED."count",
      "declared_total" = "repair_counts"."declared_total" + EXCLUDED."declared_total",
      "undeclared" = "repair_counts"."undeclared" + EXCLUDED."undeclared";
  ELSE
    -- Each old row has its new one: per shop and status, the new rows less
    -- the old ones is the change; a repair whose status and value stayed cancels out.
    INSERT INTO "repair_counts" ("shop_id", "status", "count", "declared_total", "undeclared")
    SELECT d."shop_id", d."status", sum(d."n")::int, sum(d."declared"), sum(d."undeclared")::int
    FROM (
      SELECT "shop_id", "status", 1 AS "n", coalesce("declared_value", 0) AS "declared",
        CASE WHEN "declared_value" IS NULL THEN 1 ELSE 0 END AS "undeclared"
      FROM "new_rows" WHERE "deleted_at" IS NULL
      UNION ALL
      SELECT "shop_id", "status", -1, -coalesce("declared_value", 0),
        CASE WHEN "declared_value" IS NULL THEN -1 ELSE 0 END
      FROM "old_rows" WHERE "deleted_at" IS NULL
    ) AS d
    GROUP BY d."shop_id", d."status"
    HAVING sum(d."n") <> 0 OR sum(d."declared") <> 0 OR sum(d."undeclared") <> 0
    ORDER BY d."shop_id", d."status"
    ON CONFLICT ("shop_id", "status") DO UPDATE SET "count" = "repair_counts"."count" + EXCLUDED."count",
      "declared_total" = "repair_counts"."declared_total" + EXCLUDED."declared_total",
      "undeclared" = "repair_counts"."undeclared" + EXCLUDED."undeclared";
  END IF;
  RETURN NULL;
END;
$$;

-- The repairs there are now, once (the counts stay as they were).
UPDATE "repair_counts" c SET "declared_total" = t."declared", "undeclared" = t."undeclared"
FROM (
  SELECT "shop_id", "status", coalesce(sum("declared_value"), 0) AS "declared",
    count(*) FILTER (WHERE "declared_value" IS NULL)::int AS "undeclared"
  FROM "repair_records" WHERE "deleted_at" IS NULL GROUP BY "shop_id", "status"
) t
WHERE c."shop_id" = t."shop_id" AND c."status" = t."status";

-- The held items, oldest first, a page at a time: only those rows.
CREATE INDEX "repairs_held_created_idx" ON "repair_records" ("shop_id", "created_at", "id")
  WHERE "status" NOT IN ('sent', 'picked_up', 'outsourced') AND "deleted_at" IS NULL;
