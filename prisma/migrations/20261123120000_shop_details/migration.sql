-- The shop's contact details and ticket terms, edited in settings by any
-- account of the shop. All optional: existing shops keep working with their
-- name alone.
ALTER TABLE "shops" ADD COLUMN "address" TEXT;
ALTER TABLE "shops" ADD COLUMN "phone" TEXT;
ALTER TABLE "shops" ADD COLUMN "email" TEXT;
ALTER TABLE "shops" ADD COLUMN "opening_hours" TEXT;
ALTER TABLE "shops" ADD COLUMN "ticket_terms" TEXT;
