-- The shop may ask to be emailed when a customer answers a quote through the
-- status link (settings, Customer notices; off unless an owner turns it on):
-- the notice goes to the shop's own address, in the shop's language.
ALTER TYPE "notice_event" ADD VALUE 'answered';
ALTER TABLE "shops" ADD COLUMN "notify_shop_answers" BOOLEAN NOT NULL DEFAULT false;
