-- The customer's other repairs (issue 17): found by the same phone, compared
-- on its last 9 digits (so "+34 600 123 456" and "600123456" are one), or the
-- same email (stored normalised), within the shop, through these indexes.
CREATE INDEX "repairs_phone_key_idx" ON "repairs" ("shop_id", right(regexp_replace("customer_phone", '\D', '', 'g'), 9))
  WHERE "customer_phone" IS NOT NULL;
CREATE INDEX "repairs_customer_email_idx" ON "repairs" ("shop_id", "customer_email")
  WHERE "customer_email" IS NOT NULL;
