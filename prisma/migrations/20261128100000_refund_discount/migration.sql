-- A refund given as a discount (goodwill after pickup) lowers what is due:
-- the repair's final price goes down by it in the same transaction, and back
-- up if the refund is voided. Every refund before this gave money back.
ALTER TABLE "payments" ADD COLUMN "discount" BOOLEAN NOT NULL DEFAULT false;

-- The database keeps the flag as it keeps the money: what a void undoes is
-- what was taken (20261127140000_records_kept's trigger, with the flag).
CREATE OR REPLACE FUNCTION "payments_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF pg_trigger_depth() > 1 AND NOT EXISTS (SELECT 1 FROM "shops" WHERE "id" = OLD."shop_id") THEN
      RETURN OLD;
    END IF;
    RAISE EXCEPTION 'a payment is never deleted: void it or record a refund' USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW."amount" IS DISTINCT FROM OLD."amount" OR NEW."kind" IS DISTINCT FROM OLD."kind"
     OR NEW."method" IS DISTINCT FROM OLD."method" OR NEW."created_at" IS DISTINCT FROM OLD."created_at"
     OR NEW."repair_id" IS DISTINCT FROM OLD."repair_id" OR NEW."shop_id" IS DISTINCT FROM OLD."shop_id"
     OR NEW."discount" IS DISTINCT FROM OLD."discount"
     OR (OLD."voided_at" IS NOT NULL AND (NEW."voided_at" IS DISTINCT FROM OLD."voided_at"
         OR NEW."void_reason" IS DISTINCT FROM OLD."void_reason")) THEN
    RAISE EXCEPTION 'a payment''s money, time and void are never changed' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;
