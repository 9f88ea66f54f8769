-- The counter's record (issue 39): what was left and in what state, numbers
-- given by the shop, and the customer's signature. Every new column is empty
-- or has a constant default, so older repairs need no rewrite (and their
-- search text, which the new searchable columns would add nothing to, stays).

ALTER TABLE "repairs"
  ADD COLUMN "brand" TEXT,
  ADD COLUMN "model" TEXT,
  ADD COLUMN "reference" TEXT,
  ADD COLUMN "serial_number" TEXT,
  ADD COLUMN "calibre" TEXT,
  ADD COLUMN "metal" TEXT,
  ADD COLUMN "fineness" TEXT,
  ADD COLUMN "stones" TEXT,
  ADD COLUMN "weight_grams" DECIMAL(8,2),
  ADD COLUMN "ring_size_from" TEXT,
  ADD COLUMN "ring_size_to" TEXT,
  ADD COLUMN "condition" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
  ADD COLUMN "condition_notes" TEXT,
  ADD COLUMN "accessories" TEXT,
  ADD COLUMN "declared_value" DECIMAL(10,2),
  ADD COLUMN "collected_by" TEXT,
  ADD COLUMN "id_checked" BOOLEAN;

-- The shop's series of numbers. A shop that typed its numbers goes on doing
-- so until it leaves the field empty; the series then starts at 1.
ALTER TABLE "shops"
  ADD COLUMN "repair_number_prefix" TEXT NOT NULL DEFAULT 'R',
  ADD COLUMN "next_repair_number" INTEGER NOT NULL DEFAULT 1,
  ADD COLUMN "legal_name" TEXT,
  ADD COLUMN "tax_id" TEXT;

CREATE TYPE "photo_stage" AS ENUM ('intake', 'work', 'after');
-- Photos taken before stages existed are counted as taken at intake.
ALTER TABLE "photos" ADD COLUMN "stage" "photo_stage" NOT NULL DEFAULT 'intake';

CREATE TYPE "signature_stage" AS ENUM ('intake', 'pickup');

CREATE TABLE "signatures" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "shop_id" UUID NOT NULL,
  "repair_id" UUID NOT NULL,
  "stage" "signature_stage" NOT NULL,
  "signer_name" TEXT NOT NULL,
  "file_path" TEXT NOT NULL,
  "size_bytes" INTEGER NOT NULL,
  "signed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "taken_by_id" UUID,
  CONSTRAINT "signatures_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "signatures_file_path_key" ON "signatures"("file_path");
CREATE UNIQUE INDEX "signatures_repair_id_stage_key" ON "signatures"("repair_id", "stage");
CREATE INDEX "signatures_shop_id_idx" ON "signatures"("shop_id");
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_shop_id_fkey"
  FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_repair_id_fkey"
  FOREIGN KEY ("repair_id") REFERENCES "repairs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_taken_by_id_fkey"
  FOREIGN KEY ("taken_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The history's line for a signature taken.
ALTER TYPE "repair_event_kind" ADD VALUE 'signed';
