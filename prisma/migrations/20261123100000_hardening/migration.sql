-- A rotated refresh token remembers its successor (sealed), so presenting it
-- again within the grace window answers with that same successor instead of
-- starting a second line of tokens.
ALTER TABLE "refresh_tokens" ADD COLUMN "successor_sealed" TEXT;

-- Consecutive failed credential checks per account, for the escalating lockout.
CREATE TABLE "account_lockouts" (
    "email" TEXT NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "locked_until" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "account_lockouts_pkey" PRIMARY KEY ("email")
);
