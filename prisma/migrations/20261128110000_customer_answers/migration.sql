-- The customers' answers to quotes through the status link, newest last, for
-- the shop's open screens to hear them within seconds (GET /repairs/answers):
-- a few rows per shop, read from the index alone.
CREATE INDEX "status_history_customer_answers_idx" ON "status_history" ("shop_id", "changed_at")
  INCLUDE ("repair_id", "to_status") WHERE "by_customer";
