-- The customers' answers to quotes through the status link, newest last, for
-- the shop's open screens to hear them within seconds (GET /repairs/answers):
-- a few rows per shop, read from the index alone.
CREATE INDEX "status_history_customer_answers_idx" ON "status_history" ("shop_id", "changed_at")
  INCLUDE ("repair_id", "to_status") WHERE "by_customer";

-- The work queue of approved work to start (status approved), counted and
-- paged from an index of its own with the view's condition, as the other
-- queues (20261127180000_queues_in_use): from the index alone.
CREATE INDEX "repairs_approved_idx" ON "repair_records" ("shop_id", "created_at" DESC, "id" DESC)
  WHERE "status" = 'approved' AND "deleted_at" IS NULL;
