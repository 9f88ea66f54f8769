-- Roles are enforced from this release: only an owner manages accounts and the
-- shop's settings, and a shop keeps at least one owner. A shop left with none
-- (its owner removed by a colleague before, or accounts made by hand) gets its
-- oldest account still in use as its owner.
UPDATE "users" SET "role" = 'owner'
WHERE "id" IN (
  SELECT DISTINCT ON ("shop_id") "id" FROM "users"
  WHERE "removed_at" IS NULL
    AND "shop_id" NOT IN (SELECT "shop_id" FROM "users" WHERE "role" = 'owner' AND "removed_at" IS NULL)
  ORDER BY "shop_id", "created_at", "id"
);
