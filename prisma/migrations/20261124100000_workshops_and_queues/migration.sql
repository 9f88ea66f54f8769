-- Outside workshops and work queues (issue 17, parts 2 and 3).

-- The shop's outside workshops (settings): where repairs are sent out to.
CREATE TABLE "workshops" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "shop_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "contact" TEXT,
    "notes" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),

    CONSTRAINT "workshops_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "workshops_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
-- One name once per shop, whatever its capitals.
CREATE UNIQUE INDEX "workshops_shop_name_key" ON "workshops" ("shop_id", lower("name"));

-- Days a ready item may wait for its customer before the dashboard flags it.
ALTER TABLE "shops" ADD COLUMN "ready_waiting_days" INTEGER NOT NULL DEFAULT 7;

-- A repair's current or last send-out: outsourced_to stays the workshop's
-- name (the spec's field); the rest is what the send-out form asks for.
ALTER TABLE "repairs"
    ADD COLUMN "workshop_id" UUID,
    ADD COLUMN "sent_out_on" DATE,
    ADD COLUMN "expected_back_on" DATE,
    ADD COLUMN "outsource_cost" DECIMAL(10,2),
    ADD COLUMN "outsource_tracking" TEXT,
    ADD COLUMN "returned_at" TIMESTAMPTZ(3),
    -- Since when the repair has its status (how long a ready item has waited);
    -- added without a default, so adding it rewrites no row.
    ADD COLUMN "status_since" TIMESTAMPTZ(3),
    ADD CONSTRAINT "repairs_workshop_id_fkey" FOREIGN KEY ("workshop_id") REFERENCES "workshops"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Repairs made before this release that a queue or the screen asks about
-- (ready ones, and those out at a workshop): since their last move to the
-- status they have (status_history), or their last change when the history
-- has none. The rest learn it at their next status change; writing every row
-- of a shop with years of repairs would hold its upgrade for minutes (2.5 per
-- million rows, measured).
UPDATE "repairs" r SET "status_since" = coalesce(
    (SELECT max(h."changed_at") FROM "status_history" h WHERE h."repair_id" = r."id" AND h."to_status" = r."status"),
    r."updated_at")
    WHERE r."status" IN ('ready', 'outsourced');
ALTER TABLE "repairs" ALTER COLUMN "status_since" SET DEFAULT now();
-- An item outsourced before this release was sent out when it became so.
UPDATE "repairs" SET "sent_out_on" = ("status_since" AT TIME ZONE (SELECT "time_zone" FROM "shops" s WHERE s."id" = "repairs"."shop_id"))::date
    WHERE "status" = 'outsourced';

-- Every status change, whichever way it comes (a person, the customer's
-- link, a bulk change, a restore keeps its own), stamps status_since; leaving
-- an outside workshop stamps the return, going back there clears it.
CREATE FUNCTION "repairs_status_since"() RETURNS trigger AS $$
BEGIN
    NEW."status_since" := now();
    IF OLD."status" = 'outsourced' THEN
        NEW."returned_at" := now();
    ELSIF NEW."status" = 'outsourced' THEN
        NEW."returned_at" := NULL;
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "repairs_status_since" BEFORE UPDATE OF "status" ON "repairs"
    FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION "repairs_status_since"();

ALTER TYPE "repair_event_kind" ADD VALUE 'sent_out';

-- The work queues: each reads its rows through a small partial index keyed by
-- its clock, and the dashboard counts them up to a cap, so neither scans the
-- table however many repairs a shop keeps. Each index carries the list's
-- order (created_at, id), so a queue's page is picked from the index alone,
-- however many repairs the queue holds, and only that page's rows are read.
CREATE INDEX "repairs_overdue_idx" ON "repairs" ("shop_id", "deadline") INCLUDE ("created_at", "id")
    WHERE "deadline" IS NOT NULL AND "status" NOT IN ('ready', 'picked_up', 'denied');
CREATE INDEX "repairs_ready_since_idx" ON "repairs" ("shop_id", "status_since") INCLUDE ("created_at", "id")
    WHERE "status" = 'ready';
CREATE INDEX "repairs_quote_pending_idx" ON "repairs" ("shop_id", "quote_expires_at") INCLUDE ("created_at", "id")
    WHERE "quote_status" = 'pending' AND "status" NOT IN ('picked_up', 'denied');
CREATE INDEX "repairs_expected_back_idx" ON "repairs" ("shop_id", "expected_back_on") INCLUDE ("created_at", "id")
    WHERE "status" = 'outsourced';
CREATE INDEX "repairs_workshop_idx" ON "repairs" ("shop_id", "workshop_id", "created_at" DESC, "id" DESC) WHERE "status" = 'outsourced';
-- The list sorted by deadline (soonest first, none last), with its own cursor.
CREATE INDEX "repairs_shop_deadline_idx" ON "repairs" ("shop_id", (coalesce("deadline", 'infinity'::date)), "id");
