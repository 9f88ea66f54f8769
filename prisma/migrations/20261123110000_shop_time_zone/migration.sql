-- Each shop's IANA time zone, in which every instant (created, updated,
-- picked up, quote created and expiry) is shown and exported. Shops that
-- existed before get Europe/Madrid; settings change it.
ALTER TABLE "shops" ADD COLUMN "time_zone" TEXT NOT NULL DEFAULT 'Europe/Madrid';
