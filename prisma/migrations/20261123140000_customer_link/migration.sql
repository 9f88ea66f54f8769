-- The customer's side (issue 15): a secret status link per repair, the
-- language the customer reads it in, the shop's language for tickets, and
-- status history rows written by the customer through the link.

-- The shop's language: tickets, tags and the default for its customers. An
-- existing shop takes its owner's (the first account's) language.
ALTER TABLE "shops" ADD COLUMN "language" "language" NOT NULL DEFAULT 'en';
UPDATE "shops" s SET "language" = u."language"
  FROM (SELECT DISTINCT ON (shop_id) shop_id, "language" FROM "users" ORDER BY shop_id, (role = 'owner') DESC, created_at) u
  WHERE u.shop_id = s.id;

-- The token of /t/{token}: 32 bytes from the server's strong random source
-- (two v4 UUIDs, 244 random bits), base64url. Replacing a link sets it to
-- DEFAULT. Every existing repair gets its own here.
ALTER TABLE "repairs" ADD COLUMN "status_token" TEXT NOT NULL
  DEFAULT translate(encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/=', '-_');
-- Looked up by a hash of the token, never by the token itself: comparing the
-- hashes tells a timing observer nothing about the token. Unique, so no two
-- repairs ever share a link.
CREATE UNIQUE INDEX "repairs_status_token_hash_idx" ON "repairs" ((sha256("status_token"::bytea)));

-- The customer's language for the status page (and later their notices).
ALTER TABLE "repairs" ADD COLUMN "customer_language" "language" NOT NULL DEFAULT 'en';
UPDATE "repairs" r SET "customer_language" = s."language" FROM "shops" s WHERE s.id = r.shop_id AND s."language" <> 'en';

-- A status change the customer made by answering a quote through the link.
ALTER TABLE "status_history" ADD COLUMN "by_customer" BOOLEAN NOT NULL DEFAULT false;
