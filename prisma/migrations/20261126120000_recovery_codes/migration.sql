-- One-time recovery codes, given when two-factor sign-in is turned on: each
-- is accepted once in place of a code from the app (a lost phone). Only their
-- hashes are kept.
ALTER TABLE "users" ADD COLUMN "twofa_recovery_codes" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[];
