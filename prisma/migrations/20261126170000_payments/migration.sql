-- Money at the counter (issue 40): deposits, payments and refunds of a
-- repair, never edited or deleted (a void marks one as not counting), and
-- what is paid so far kept on the repair, in the payment's transaction, for
-- the list, the export and the queue of items collected and not fully paid.
-- Older repairs have nothing paid: the new columns' defaults say so, with no
-- rewrite of their rows.

CREATE TYPE "payment_kind" AS ENUM ('deposit', 'payment', 'refund');
CREATE TYPE "payment_method" AS ENUM ('cash', 'card', 'bizum', 'transfer', 'other');

CREATE TABLE "payments" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "shop_id" UUID NOT NULL,
  "repair_id" UUID NOT NULL,
  "kind" "payment_kind" NOT NULL,
  "amount" DECIMAL(10,2) NOT NULL,
  "method" "payment_method" NOT NULL,
  "note" TEXT,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "created_by_id" UUID,
  "voided_at" TIMESTAMPTZ(3),
  "voided_by_id" UUID,
  "void_reason" TEXT,
  CONSTRAINT "payments_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "payments_amount_positive" CHECK ("amount" > 0)
);
CREATE INDEX "payments_repair_id_created_at_idx" ON "payments"("repair_id", "created_at");
-- The day's takings: a shop's payments by time.
CREATE INDEX "payments_shop_id_created_at_idx" ON "payments"("shop_id", "created_at");
ALTER TABLE "payments" ADD CONSTRAINT "payments_shop_id_fkey"
  FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "payments" ADD CONSTRAINT "payments_repair_id_fkey"
  FOREIGN KEY ("repair_id") REFERENCES "repairs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_id_fkey"
  FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "payments" ADD CONSTRAINT "payments_voided_by_id_fkey"
  FOREIGN KEY ("voided_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

ALTER TABLE "repairs"
  ADD COLUMN "paid_total" DECIMAL(10,2) NOT NULL DEFAULT 0,
  ADD COLUMN "last_payment_at" TIMESTAMPTZ(3);

-- The share of an approved quote the screens suggest as a deposit (none: no suggestion).
ALTER TABLE "shops" ADD COLUMN "deposit_percent" INTEGER;

ALTER TYPE "repair_event_kind" ADD VALUE 'payment';
ALTER TYPE "repair_event_kind" ADD VALUE 'payment_voided';
ALTER TYPE "repair_event_kind" ADD VALUE 'picked_up_with_due';

-- The work queue "collected, not fully paid" (lib/repairs/queues.ts holds
-- this predicate word for word): what is due is the final price, else the
-- approved quote.
CREATE INDEX "repairs_unpaid_idx" ON "repairs" ("shop_id", "created_at" DESC, "id" DESC)
  WHERE "status" = 'picked_up'
    AND coalesce("final_price", CASE WHEN "quote_status" = 'approved' THEN "quote_amount" END, 0) > "paid_total";
