-- The intake receipt as Decret 213/2001 (art. 3) asks it: the work the
-- customer asks for, apart from the item's description; the price as agreed
-- at intake (an estimate, a quote before any work, or the quote waived); the
-- shop's terms in each language its customers read.
CREATE TYPE "price_basis" AS ENUM ('quote_first', 'estimate', 'quote_waived');

ALTER TABLE "repair_records"
  ADD COLUMN "work_requested" TEXT,
  ADD COLUMN "price_basis" "price_basis",
  ADD COLUMN "estimate_amount" DECIMAL(10, 2);

-- The view the app reads took its columns when it was made.
CREATE OR REPLACE VIEW "repairs" AS SELECT * FROM "repair_records" WHERE "deleted_at" IS NULL;

-- The terms a shop wrote are in its own language.
ALTER TABLE "shops" ALTER COLUMN "ticket_terms" TYPE JSONB USING
  CASE WHEN "ticket_terms" IS NULL THEN '{}'::jsonb ELSE jsonb_build_object("language"::text, "ticket_terms") END;
ALTER TABLE "shops" ALTER COLUMN "ticket_terms" SET DEFAULT '{}'::jsonb;
ALTER TABLE "shops" ALTER COLUMN "ticket_terms" SET NOT NULL;
