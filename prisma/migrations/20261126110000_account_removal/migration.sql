-- A shop can see its accounts and remove one (staff who leave). A removed
-- account's row stays, so the history still names who did what; its email is
-- freed and its sessions end. When each account last signed in is shown.
ALTER TABLE "users" ADD COLUMN "removed_at" TIMESTAMPTZ(3);
ALTER TABLE "users" ADD COLUMN "last_sign_in_at" TIMESTAMPTZ(3);
