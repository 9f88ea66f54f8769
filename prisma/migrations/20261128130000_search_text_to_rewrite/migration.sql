-- The repairs whose search text is of an older layout (fewer than the 9
-- fields of this release, counted by their 8 separators) and that hold a
-- value of a field searched since (a watch's brand or model), found without
-- reading the table: npm start writes their text again beside the traffic, a
-- batch at a time along this index, which is empty once it is done
-- (lib/repairs/search-rewrite.ts; a field newly searched comes with an index
-- of its own layout in place of this one).
CREATE INDEX "repairs_search_text_to_rewrite_idx" ON "repair_records" ("id")
  WHERE ("brand" IS NOT NULL OR "model" IS NOT NULL)
    AND length("search_text") - length(replace("search_text", E'\x1f', '')) < 8;
