-- Status links sealed at rest (issue 36): a backup alone opens no status
-- page. status_token now holds the token sealed with ENCRYPTION_KEY
-- ("v1.<iv>.<tag>.<ciphertext>", lib/crypto/secret-box.ts) and
-- status_token_hash its sha256, through which a link is looked up (unique, so
-- no two repairs share a link).
--
-- A token written in clear (every existing row here; a row inserted by hand,
-- which takes the column's default) gets its hash from the trigger below and
-- is sealed by the server at its next start (lib/status-link/token.ts,
-- sealStoredTokens); the link keeps working throughout. The server writes
-- both columns itself, the token already sealed.
-- Queued and sent notices keep a slot where their link's token was; the
-- worker fills it in as it sends (lib/status-link/link.ts, TOKEN_SLOT).
UPDATE "notices" n
   SET "text_body" = replace(n."text_body", '/t/' || r."status_token", '/t/{status-token}'),
       "html_body" = replace(n."html_body", '/t/' || r."status_token", '/t/{status-token}')
  FROM "repairs" r
 WHERE r."id" = n."repair_id";

ALTER TABLE "repairs" ADD COLUMN "status_token_hash" BYTEA;
UPDATE "repairs" SET "status_token_hash" = sha256(convert_to("status_token", 'UTF8'));
ALTER TABLE "repairs" ALTER COLUMN "status_token_hash" SET NOT NULL;
CREATE UNIQUE INDEX "repairs_status_token_hash_key" ON "repairs" ("status_token_hash");
DROP INDEX "repairs_status_token_hash_idx";

CREATE FUNCTION "repairs_status_token_hash"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status_token" NOT LIKE 'v1.%' THEN
    NEW."status_token_hash" := sha256(convert_to(NEW."status_token", 'UTF8'));
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "repairs_status_token_hash"
  BEFORE INSERT OR UPDATE OF "status_token" ON "repairs"
  FOR EACH ROW EXECUTE FUNCTION "repairs_status_token_hash"();
