-- The counters trigger took its two row locks in the order "new status, then
-- old status": two repairs moving in opposite directions at once (A: ready ->
-- in_progress, B: in_progress -> ready) each held one counter and waited for
-- the other, and Postgres broke the deadlock by failing one of them. Now both
-- counters change in one statement, in key order, so every transaction locks
-- them in the same order.
CREATE OR REPLACE FUNCTION "repair_counts_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.shop_id = OLD.shop_id AND NEW.status = OLD.status THEN
    RETURN NULL;
  END IF;
  INSERT INTO "repair_counts" ("shop_id", "status", "count")
  SELECT d.shop_id, d.status, d.delta
  FROM (
    SELECT NEW.shop_id AS shop_id, NEW.status AS status, 1 AS delta WHERE TG_OP IN ('INSERT', 'UPDATE')
    UNION ALL
    SELECT OLD.shop_id, OLD.status, -1 WHERE TG_OP IN ('DELETE', 'UPDATE')
  ) AS d
  ORDER BY d.shop_id, d.status
  ON CONFLICT ("shop_id", "status") DO UPDATE SET "count" = "repair_counts"."count" + EXCLUDED."count";
  RETURN NULL;
END;
$$;
