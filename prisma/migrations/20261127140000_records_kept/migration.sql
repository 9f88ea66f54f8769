-- Nothing paid or signed is erased (issue 49). A repair with a payment, a
-- signature or a handover that is deleted is archived instead: its row stays,
-- with who deleted it, when and why. The rows live in "repair_records"; the
-- app reads and writes "repairs", a view of those not archived, so no query
-- can forget to leave the archived ones out (Postgres writes through a simple
-- view like this one to the table, triggers and all). A column added to
-- repairs later is added to "repair_records" and the view made again, with
-- its default (as below).
ALTER TABLE "repairs" RENAME TO "repair_records";
ALTER TABLE "repair_records"
  ADD COLUMN "deleted_at" TIMESTAMPTZ(3),
  ADD COLUMN "deleted_by_id" UUID,
  ADD COLUMN "deleted_reason" TEXT;
ALTER TABLE "repair_records" ADD CONSTRAINT "repair_records_deleted_by_id_fkey"
  FOREIGN KEY ("deleted_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "repair_records_deleted_idx" ON "repair_records" ("shop_id", "deleted_at" DESC)
  WHERE "deleted_at" IS NOT NULL;

CREATE VIEW "repairs" AS SELECT * FROM "repair_records" WHERE "deleted_at" IS NULL;
-- A column written as DEFAULT through the view takes its table's default.
DO $$
DECLARE c record;
BEGIN
  FOR c IN SELECT column_name, column_default FROM information_schema.columns
           WHERE table_schema = 'public' AND table_name = 'repair_records' AND column_default IS NOT NULL LOOP
    EXECUTE format('ALTER VIEW "repairs" ALTER COLUMN %I SET DEFAULT %s', c.column_name, c.column_default);
  END LOOP;
END;
$$;

-- The per-status counters count the repairs in use: archiving one takes it
-- out of its status's count, restoring it puts it back.
CREATE OR REPLACE FUNCTION "repair_counts_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "repair_counts" ("shop_id", "status", "count")
    SELECT "shop_id", "status", count(*)::int FROM "new_rows" WHERE "deleted_at" IS NULL
    GROUP BY "shop_id", "status" ORDER BY "shop_id", "status"
    ON CONFLICT ("shop_id", "status") DO UPDATE SET "count" = "repair_counts"."count" + EXCLUDED."count";
  ELSIF TG_OP = 'DELETE' THEN
    -- Not for a shop being deleted: its counters go with it.
    INSERT INTO "repair_counts" ("shop_id", "status", "count")
    SELECT o."shop_id", o."status", -count(*)::int FROM "old_rows" o JOIN "shops" s ON s."id" = o."shop_id"
    WHERE o."deleted_at" IS NULL
    GROUP BY o."shop_id", o."status" ORDER BY o."shop_id", o."status"
    ON CONFLICT ("shop_id", "status") DO UPDATE SET "count" = "repair_counts"."count" + EXCLUDED."count";
  ELSE
    INSERT INTO "repair_counts" ("shop_id", "status", "count")
    SELECT d."shop_id", d."status", sum(d."delta")::int
    FROM (
      SELECT "shop_id", "status", 1 AS "delta" FROM "new_rows" WHERE "deleted_at" IS NULL
      UNION ALL
      SELECT "shop_id", "status", -1 FROM "old_rows" WHERE "deleted_at" IS NULL
    ) AS d
    GROUP BY d."shop_id", d."status"
    HAVING sum(d."delta") <> 0
    ORDER BY d."shop_id", d."status"
    ON CONFLICT ("shop_id", "status") DO UPDATE SET "count" = "repair_counts"."count" + EXCLUDED."count";
  END IF;
  RETURN NULL;
END;
$$;

-- A repair's payments, signatures and history are never removed with it:
-- erasing a repair that has any is refused by the database (checked at the
-- end of the statement, so a whole shop still goes at once).
ALTER TABLE "payments" DROP CONSTRAINT "payments_repair_id_fkey",
  ADD CONSTRAINT "payments_repair_id_fkey" FOREIGN KEY ("repair_id") REFERENCES "repair_records"("id") ON DELETE NO ACTION ON UPDATE CASCADE;
ALTER TABLE "signatures" DROP CONSTRAINT "signatures_repair_id_fkey",
  ADD CONSTRAINT "signatures_repair_id_fkey" FOREIGN KEY ("repair_id") REFERENCES "repair_records"("id") ON DELETE NO ACTION ON UPDATE CASCADE;
ALTER TABLE "status_history" DROP CONSTRAINT "status_history_repair_id_fkey",
  ADD CONSTRAINT "status_history_repair_id_fkey" FOREIGN KEY ("repair_id") REFERENCES "repair_records"("id") ON DELETE NO ACTION ON UPDATE CASCADE;
ALTER TABLE "repair_events" DROP CONSTRAINT "repair_events_repair_id_fkey",
  ADD CONSTRAINT "repair_events_repair_id_fkey" FOREIGN KEY ("repair_id") REFERENCES "repair_records"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- A payment is never deleted nor its money changed: a void (once) or a
-- refund corrects it. Only a whole shop being removed takes its payments
-- (the shop's cascade runs this trigger one level down).
CREATE FUNCTION "payments_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
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
     OR (OLD."voided_at" IS NOT NULL AND (NEW."voided_at" IS DISTINCT FROM OLD."voided_at"
         OR NEW."void_reason" IS DISTINCT FROM OLD."void_reason")) THEN
    RAISE EXCEPTION 'a payment''s money, time and void are never changed' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "payments_kept" BEFORE UPDATE OR DELETE ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "payments_kept"();

-- A removed account's address, so the operator's commands still reach it.
ALTER TABLE "users" ADD COLUMN "removed_email" TEXT;
CREATE INDEX "users_removed_email_idx" ON "users" ("removed_email") WHERE "removed_email" IS NOT NULL;

-- What changed in a shop, by whom (issue 49, item 3): accounts, settings,
-- repairs deleted, erased and restored, payments voided. Kept like the
-- history: rows are only ever added. An erased repair's number lives on here.
CREATE TYPE "activity_kind" AS ENUM (
  'account_added', 'account_removed', 'role_changed', 'shop_changed',
  'repair_archived', 'repair_erased', 'repair_restored', 'payment_voided'
);
CREATE TABLE "activity" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "shop_id" UUID NOT NULL,
  "kind" "activity_kind" NOT NULL,
  -- Null: the operator's command on the server, or an account since gone.
  "actor_id" UUID,
  "at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  -- What it was about: an account, a repair (no key: an erased one is gone).
  "account_id" UUID,
  "repair_id" UUID,
  "repair_number" TEXT,
  "detail" JSONB NOT NULL DEFAULT '{}',
  CONSTRAINT "activity_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "activity_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "activity_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE,
  CONSTRAINT "activity_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE INDEX "activity_shop_at_idx" ON "activity" ("shop_id", "at" DESC, "id" DESC);
CREATE INDEX "activity_erased_idx" ON "activity" ("shop_id", "at" DESC) WHERE "kind" = 'repair_erased';

-- A page of open quotes is read from this index alone: with the view's
-- condition in its predicate, the planner still needs no row of the table.
DROP INDEX "repairs_quote_open_created_idx";
CREATE INDEX "repairs_quote_open_created_idx" ON "repair_records" ("shop_id", "created_at" DESC, "id" DESC) INCLUDE ("quote_expires_at")
    WHERE "quote_status" = 'pending' AND "status" NOT IN ('picked_up', 'denied') AND "deleted_at" IS NULL;
