-- Per-shop, per-status repair counts, kept by a trigger in the same
-- transaction as the write, so the list's totals cost no count(*).

-- CreateTable
CREATE TABLE "repair_counts" (
    "shop_id" UUID NOT NULL,
    "status" "repair_status" NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "repair_counts_pkey" PRIMARY KEY ("shop_id","status")
);

-- AddForeignKey
ALTER TABLE "repair_counts" ADD CONSTRAINT "repair_counts_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE FUNCTION "repair_counts_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.shop_id = OLD.shop_id AND NEW.status = OLD.status THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "repair_counts" ("shop_id", "status", "count") VALUES (NEW.shop_id, NEW.status, 1)
    ON CONFLICT ("shop_id", "status") DO UPDATE SET "count" = "repair_counts"."count" + 1;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE "repair_counts" SET "count" = "count" - 1 WHERE "shop_id" = OLD.shop_id AND "status" = OLD.status;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "repairs_counts" AFTER INSERT OR DELETE OR UPDATE OF "status", "shop_id" ON "repairs"
  FOR EACH ROW EXECUTE FUNCTION "repair_counts_track"();

-- Repairs that exist already.
INSERT INTO "repair_counts" ("shop_id", "status", "count")
SELECT "shop_id", "status", count(*)::int FROM "repairs" GROUP BY "shop_id", "status";
