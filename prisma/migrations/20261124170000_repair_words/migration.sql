-- A search of whole words ("jose garcia", a customer's name at the counter)
-- read every repair holding them through the words' GIN index, then sorted
-- them by date for the newest page: a common name at 1,000,000 repairs is
-- 3,400 rows read from the table for 51 shown (about 12 ms of Postgres a
-- request). Each repair's words, with its place in the list, in a B-tree:
-- every word's repairs come newest first, two words' lists are merged on that
-- place, and the walk stops at the page (lib/repairs/search-words.ts). About
-- 1 kB a repair (seven words each on the bench's seed).

-- A repair's place in the list (newest first is this key descending): its
-- created_at in microseconds, offset to stay positive from the year 1900, then
-- its id, as bytes, which compare as the (created_at, id) pair does. One
-- column, so two words' rows join on one equality, whose selectivity
-- Postgres estimates right (the pair's two equalities it would multiply into
-- "one row", and then read every row of both words to find it).
CREATE FUNCTION "repair_word_key"(timestamptz, uuid) RETURNS bytea LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT int8send((extract(epoch FROM $1) * 1000000)::int8 + 4611686018427387904) || uuid_send($2) $$;

-- A key's repair id (its last 16 bytes).
CREATE FUNCTION "repair_word_repair"(bytea) RETURNS uuid LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT encode(substring($1 FROM 9), 'hex')::uuid $$;

CREATE TABLE "repair_words" (
    "shop_id" UUID NOT NULL,
    "word" TEXT COLLATE "C" NOT NULL,
    "key" BYTEA NOT NULL
);

INSERT INTO "repair_words" ("shop_id", "word", "key")
SELECT DISTINCT r."shop_id", w, "repair_word_key"(r."created_at", r."id")
FROM "repairs" r, unnest("repair_search_words"(r."search_text")) w
WHERE w <> '';

-- After the rows: one sorted build instead of a million inserts into the index.
ALTER TABLE "repair_words" ADD CONSTRAINT "repair_words_pkey" PRIMARY KEY ("shop_id", "word", "key");

ALTER TABLE "repair_words" ADD CONSTRAINT "repair_words_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The words' frequencies, for the planner's first search after the upgrade
-- (which word to walk from), before autovacuum gets to it.
ANALYZE "repair_words";

-- Kept with every statement on repairs, from its transition tables. No
-- foreign key to repairs (a delete would look for its rows by repair id, an
-- index of its own): a repair's rows are found by its words and key instead.
-- An update rewrites them only where the text or the date changed (a status
-- change touches none).
CREATE FUNCTION "repair_words_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM "repair_words" rw USING (
      SELECT o."shop_id", "repair_word_key"(o."created_at", o."id") AS "key",
        unnest("repair_search_words"(o."search_text")) AS "word"
      FROM "old_rows" o
    ) gone
    WHERE rw."shop_id" = gone."shop_id" AND rw."word" = gone."word" AND rw."key" = gone."key";
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM "repair_words" rw USING (
      SELECT o."shop_id", "repair_word_key"(o."created_at", o."id") AS "key",
        unnest("repair_search_words"(o."search_text")) AS "word"
      FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id"
      WHERE (n."search_text", n."created_at", n."shop_id") IS DISTINCT FROM (o."search_text", o."created_at", o."shop_id")
    ) gone
    WHERE rw."shop_id" = gone."shop_id" AND rw."word" = gone."word" AND rw."key" = gone."key";
    INSERT INTO "repair_words" ("shop_id", "word", "key")
    SELECT DISTINCT n."shop_id", w, "repair_word_key"(n."created_at", n."id")
    FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id", unnest("repair_search_words"(n."search_text")) w
    WHERE (n."search_text", n."created_at", n."shop_id") IS DISTINCT FROM (o."search_text", o."created_at", o."shop_id")
      AND w <> ''
    ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO "repair_words" ("shop_id", "word", "key")
    SELECT DISTINCT n."shop_id", w, "repair_word_key"(n."created_at", n."id")
    FROM "new_rows" n, unnest("repair_search_words"(n."search_text")) w
    WHERE w <> ''
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "repairs_words_insert" AFTER INSERT ON "repairs"
    REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "repair_words_track"();
CREATE TRIGGER "repairs_words_update" AFTER UPDATE ON "repairs"
    REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "repair_words_track"();
CREATE TRIGGER "repairs_words_delete" AFTER DELETE ON "repairs"
    REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "repair_words_track"();
