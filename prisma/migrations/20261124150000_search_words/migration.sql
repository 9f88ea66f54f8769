-- A search of several words, as a customer's name is typed at the counter
-- ("jose garcia"), read every repair holding the trigrams of both words, all
-- of them common in a shop's names (1,000,000 repairs: 35 to 60 ms, most of it
-- the trigram index). Such a search now reads the repairs holding its words:
-- every word but the last as a whole word, the last as any word it begins
-- (lib/repairs/search-words.ts), through an index of each repair's words.
--
-- A repair's words: the runs of letters of its search text (folded: lower
-- case, no accents; lib/repairs/search-text.ts). Digits and other characters
-- part them; a search holding any goes through the trigrams as before.
CREATE FUNCTION "repair_search_words"(text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT regexp_split_to_array($1, '[^a-z]+') $$;

-- Without GIN's pending list: a new repair's words go into the index at once
-- (about ten entries), where the list would keep them for every search to
-- read until a vacuum (a bench run's 13,000 new repairs: the index's part of
-- a name search from 2.7 to 6.5 ms).
CREATE INDEX "repairs_search_words_idx" ON "repairs" USING GIN ("repair_search_words"("search_text")) WITH (fastupdate = off);

-- Every word of a shop's repairs, to find the words a search's last word
-- begins ("garc": garcia, garcias). In byte order ("C"), so a word's
-- beginning is a range of the key. Only ever added to: a word no repair
-- holds any more finds nothing, which is all a search asks of it.
CREATE TABLE "search_words" (
    "shop_id" UUID NOT NULL,
    "word" TEXT COLLATE "C" NOT NULL,

    CONSTRAINT "search_words_pkey" PRIMARY KEY ("shop_id", "word")
);

ALTER TABLE "search_words" ADD CONSTRAINT "search_words_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE ON UPDATE CASCADE;

INSERT INTO "search_words" ("shop_id", "word")
SELECT DISTINCT "shop_id", "word" FROM "repairs", unnest("repair_search_words"("search_text")) AS "word"
WHERE "word" <> '';

-- Kept once per statement, from its transition tables, with the words in key
-- order: two statements adding the same new words at once take them in one
-- order, so neither can hold one the other waits for (as repair_counts).
CREATE FUNCTION "search_words_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "search_words" ("shop_id", "word")
    SELECT DISTINCT n."shop_id", w FROM "new_rows" n, unnest("repair_search_words"(n."search_text")) w
    WHERE w <> '' ORDER BY 1, 2
    ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO "search_words" ("shop_id", "word")
    SELECT DISTINCT n."shop_id", w FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id",
      unnest("repair_search_words"(n."search_text")) w
    WHERE n."search_text" IS DISTINCT FROM o."search_text" AND w <> '' ORDER BY 1, 2
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "repairs_search_words_insert" AFTER INSERT ON "repairs"
    REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_words_track"();
CREATE TRIGGER "repairs_search_words_update" AFTER UPDATE ON "repairs"
    REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_words_track"();
