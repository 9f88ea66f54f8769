-- Items a customer leaves together in one visit (issue 51): each repair of a
-- visit holds the id of the visit's first repair (that one too); a repair
-- left alone holds none. Older repairs are each a visit of their own.
ALTER TABLE "repair_records" ADD COLUMN "visit_id" UUID;

-- The view the app reads took its columns when it was made.
CREATE OR REPLACE VIEW "repairs" AS SELECT * FROM "repair_records" WHERE "deleted_at" IS NULL;

-- A visit's items, read with any one of them (the "received" email, the receipt).
CREATE INDEX "repairs_visit_idx" ON "repair_records" ("shop_id", "visit_id") WHERE "visit_id" IS NOT NULL;
