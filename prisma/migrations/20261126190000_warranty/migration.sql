-- After the repair (issue 41): a warranty from pickup, comebacks linked to
-- their first repair, and a watch's service report.

-- The months of warranty a shop gives (Catalonia's minimum for repairs is three).
ALTER TABLE "shops" ADD COLUMN "warranty_months" INTEGER NOT NULL DEFAULT 3;

CREATE TYPE "water_test_result" AS ENUM ('pass', 'fail');

ALTER TABLE "repairs"
  ADD COLUMN "warranty_months" INTEGER NOT NULL DEFAULT 3,
  -- The day of pickup in the shop's time zone plus the months (set at pickup, by lib/repairs/warranty.ts).
  ADD COLUMN "warranty_until" DATE,
  ADD COLUMN "warranty_of" UUID,
  ADD COLUMN "under_warranty" BOOLEAN NOT NULL DEFAULT false,
  ADD COLUMN "rate_before" DECIMAL(8,2),
  ADD COLUMN "rate_after" DECIMAL(8,2),
  ADD COLUMN "amplitude_before" DECIMAL(8,2),
  ADD COLUMN "amplitude_after" DECIMAL(8,2),
  ADD COLUMN "beat_error_before" DECIMAL(8,2),
  ADD COLUMN "beat_error_after" DECIMAL(8,2),
  ADD COLUMN "water_test_bar" DECIMAL(8,2),
  ADD COLUMN "water_test_result" "water_test_result",
  ADD CONSTRAINT "repairs_warranty_months_range" CHECK ("warranty_months" BETWEEN 0 AND 120);

ALTER TABLE "repairs" ADD CONSTRAINT "repairs_warranty_of_fkey"
  FOREIGN KEY ("warranty_of") REFERENCES "repairs"("id") ON DELETE SET NULL ON UPDATE CASCADE;
-- A repair's comebacks.
CREATE INDEX "repairs_warranty_of_idx" ON "repairs"("warranty_of") WHERE "warranty_of" IS NOT NULL;

-- Repairs collected before this release get the three months they were given
-- (the same expression as at pickup: 31 January and a month is the last day
-- of February).
UPDATE "repairs" r
SET "warranty_until" = ((r."picked_up_at" AT TIME ZONE s."time_zone")::date + make_interval(months => r."warranty_months"))::date
FROM "shops" s
WHERE s."id" = r."shop_id" AND r."status" = 'picked_up' AND r."picked_up_at" IS NOT NULL;

-- The work queue "warranty returns open" (lib/repairs/queues.ts holds this predicate word for word).
CREATE INDEX "repairs_warranty_returns_idx" ON "repairs" ("shop_id", "created_at" DESC, "id" DESC)
  WHERE "under_warranty" AND "status" NOT IN ('picked_up', 'denied');
