-- The status links still in clear (a release before the seal, or a row
-- written by hand), found without reading the table: npm start seals them
-- beside the traffic, a batch at a time along this index, which is empty
-- once they all are (lib/status-link/token.ts).
CREATE INDEX "repairs_status_token_clear_idx" ON "repair_records" ("id") WHERE "status_token" NOT LIKE 'v1.%';
