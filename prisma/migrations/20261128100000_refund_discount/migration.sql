-- A refund given as a discount (goodwill after pickup) lowers what is due:
-- the repair's final price goes down by it in the same transaction, and back
-- up if the refund is voided. Every refund before this gave money back.
ALTER TABLE "payments" ADD COLUMN "discount" BOOLEAN NOT NULL DEFAULT false;
