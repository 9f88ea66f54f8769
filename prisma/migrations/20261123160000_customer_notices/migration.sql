-- Telling the customer (issue 16): the customer's email on the repair, the
-- shop's notice switches, and the outbox of notices, each written in the same
-- transaction as the change that causes it and delivered by the server.

ALTER TABLE "repairs" ADD COLUMN "customer_email" TEXT;

-- Which changes the shop tells its customers about (settings, Notices).
ALTER TABLE "shops" ADD COLUMN "notify_received" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "shops" ADD COLUMN "notify_quote" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "shops" ADD COLUMN "notify_ready" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "shops" ADD COLUMN "notify_quote_expiring" BOOLEAN NOT NULL DEFAULT false;
-- Days a ready item may wait before the customer is reminded (NULL: never).
ALTER TABLE "shops" ADD COLUMN "notify_not_collected_days" INTEGER;
-- Any other statuses whose arrival the customer is told of.
ALTER TABLE "shops" ADD COLUMN "notify_statuses" "repair_status"[] NOT NULL DEFAULT '{}';

CREATE TYPE "notice_event" AS ENUM ('received', 'quote', 'ready', 'quote_expiring', 'not_collected', 'status');
CREATE TYPE "notice_state" AS ENUM ('queued', 'sending', 'sent', 'failed');

CREATE TABLE "notices" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "shop_id" UUID NOT NULL,
    "repair_id" UUID NOT NULL,
    "event" "notice_event" NOT NULL,
    -- For a 'status' event, the status the repair moved to.
    "status" "repair_status",
    "to_email" TEXT NOT NULL,
    "language" "language" NOT NULL,
    "subject" TEXT NOT NULL,
    "text_body" TEXT NOT NULL,
    "html_body" TEXT NOT NULL,
    "state" "notice_state" NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
    -- While 'sending': the claim's end; a server that died mid-send lets it go then.
    "lease_until" TIMESTAMPTZ(3),
    "last_error" TEXT,
    -- Timed reminders: one notice per repair and occasion, whichever server finds it first.
    "dedupe_key" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
    "sent_at" TIMESTAMPTZ(3),

    CONSTRAINT "notices_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "notices_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "notices_repair_id_fkey" FOREIGN KEY ("repair_id") REFERENCES "repairs"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "notices_dedupe_key_key" ON "notices"("dedupe_key");
CREATE INDEX "notices_repair_id_created_at_idx" ON "notices"("repair_id", "created_at");
CREATE INDEX "notices_shop_id_idx" ON "notices"("shop_id");
-- The worker's queue: only notices still to deliver are in it.
CREATE INDEX "notices_due_idx" ON "notices"("next_attempt_at") WHERE "state" IN ('queued', 'sending');

-- The reminders' scans: pending quotes by expiry, and ready repairs, of
-- customers with an email only.
CREATE INDEX "repairs_quote_expiring_idx" ON "repairs"("quote_expires_at") WHERE "quote_status" = 'pending' AND "customer_email" IS NOT NULL;
CREATE INDEX "repairs_ready_email_idx" ON "repairs"("updated_at") WHERE "status" = 'ready' AND "customer_email" IS NOT NULL;
