-- A shop's customer mail of the last hour is counted before each notice is
-- queued (a cap per shop and hour): its notices by time, newest at hand. The
-- index on shop_id alone is this one's prefix.
CREATE INDEX "notices_shop_id_created_at_idx" ON "notices"("shop_id", "created_at");
DROP INDEX "notices_shop_id_idx";
