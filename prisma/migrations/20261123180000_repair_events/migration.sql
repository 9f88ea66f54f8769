-- The repair's history (issue 17, part 1): besides its status changes
-- (status_history) and its notices (notices), what else happened to it, who
-- did it and when, written in the same transaction as the change.
CREATE TYPE "repair_event_kind" AS ENUM ('quote_set', 'final_price_set', 'photo_added', 'photo_removed');

CREATE TABLE "repair_events" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "shop_id" UUID NOT NULL,
    "repair_id" UUID NOT NULL,
    "kind" "repair_event_kind" NOT NULL,
    -- The amount (quote, final price; empty when cleared) or the photo's name.
    "detail" TEXT,
    "changed_by_id" UUID,
    "changed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),

    CONSTRAINT "repair_events_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "repair_events_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "repair_events_repair_id_fkey" FOREIGN KEY ("repair_id") REFERENCES "repairs"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "repair_events_changed_by_id_fkey" FOREIGN KEY ("changed_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE INDEX "repair_events_repair_id_changed_at_idx" ON "repair_events"("repair_id", "changed_at");
CREATE INDEX "repair_events_shop_id_idx" ON "repair_events"("shop_id");
