-- The work queues count and page from their own partial indexes, most from
-- the index alone. Read through the "repairs" view (20261127140000), each
-- query also asks that the repair is not archived, a column those indexes did
-- not hold: every entry was checked against its row (docs/performance.md).
-- With the view's condition in
-- their predicates, the planner needs no row again.
DROP INDEX "repairs_expected_back_idx";
CREATE INDEX "repairs_expected_back_idx" ON "repair_records" ("shop_id", "expected_back_on") INCLUDE ("created_at", "id")
  WHERE "status" = 'outsourced' AND "deleted_at" IS NULL;
DROP INDEX "repairs_overdue_idx";
CREATE INDEX "repairs_overdue_idx" ON "repair_records" ("shop_id", "deadline") INCLUDE ("created_at", "id")
  WHERE "deadline" IS NOT NULL AND "status" NOT IN ('ready', 'picked_up', 'denied') AND "deleted_at" IS NULL;
DROP INDEX "repairs_quote_pending_idx";
CREATE INDEX "repairs_quote_pending_idx" ON "repair_records" ("shop_id", "quote_expires_at") INCLUDE ("created_at", "id")
  WHERE "quote_status" = 'pending' AND "status" NOT IN ('picked_up', 'denied') AND "deleted_at" IS NULL;
DROP INDEX "repairs_ready_since_idx";
CREATE INDEX "repairs_ready_since_idx" ON "repair_records" ("shop_id", "status_since") INCLUDE ("created_at", "id")
  WHERE "status" = 'ready' AND "deleted_at" IS NULL;
DROP INDEX "repairs_unpaid_idx";
CREATE INDEX "repairs_unpaid_idx" ON "repair_records" ("shop_id", "created_at" DESC, "id" DESC)
  WHERE "status" = 'picked_up'
    AND coalesce("final_price", CASE WHEN "quote_status" = 'approved' THEN "quote_amount" END, 0) > "paid_total"
    AND "deleted_at" IS NULL;
DROP INDEX "repairs_warranty_returns_idx";
CREATE INDEX "repairs_warranty_returns_idx" ON "repair_records" ("shop_id", "created_at" DESC, "id" DESC)
  WHERE "under_warranty" AND "status" NOT IN ('picked_up', 'denied') AND "deleted_at" IS NULL;
DROP INDEX "repairs_workshop_idx";
CREATE INDEX "repairs_workshop_idx" ON "repair_records" ("shop_id", "workshop_id", "created_at" DESC, "id" DESC)
  WHERE "status" = 'outsourced' AND "deleted_at" IS NULL;
