import { rows } from "@/lib/db";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { foldTerm, searchPattern } from "./search-text";

// How a search term finds its repairs. Any term matches as a substring of the
// search text (lib/repairs/search-text.ts), through the trigram index. A term
// of several words of letters ("José García", a customer's name at the
// counter) is read through the repairs' words instead (migrations
// 20261124150000_search_words, 20261124170000_repair_words): the trigrams of
// a name are among the commonest of a shop's texts. It finds the same
// repairs, with one difference: its first word must be a whole word ("jose
// garcia" finds "José García" and "María José García", not "Mariajosé
// García"). A phrase that finds nothing so is read again with its words as
// the beginnings of words, in any order (wordsBeginningSearch: "montse
// ferrer" finds "Montserrat Ferrer i Soler").
//
// Two ways through the words. Where at least two of the term's words are
// known whole (every word but the last, and the last when it begins only one
// of the shop's words), the list walks those words' rows in repair_words
// newest first, merged on the repair's place in the list, and stops at its
// page and count: a common name at 1,000,000 repairs reads some 3,100 index
// entries and 101 repairs instead of its 3,400 repairs and a sort. Otherwise
// ("jose g", still being typed) the GIN index of the repairs' words finds
// them all. A walk reads a bounded part of the words' rows (WALK_BUDGET):
// words seldom together, or seldom a phrase ("josé omega"), are then left to
// the GIN index.
//
// Which words the last begins is read first; for a full name, in the same
// statement as the page (wholeNameGuess): the commonest search at a counter
// costs one round trip to the database.

/** The most words a search's last word may begin before the trigrams read it instead ("jose g"). */
export const MAX_ENDINGS = 100;

/**
 * The most words a walk joins: each is a join Postgres must plan, and a term
 * of dozens of short words took seconds to plan. The first word is always
 * among them (it must be whole); the phrase's own condition holds the rest,
 * each between two spaces of it, so the repairs found are the same.
 */
export const MAX_WALK_WORDS = 4;

/** The words of a term that is several runs of letters, folded, one space apart; else null. */
function phraseWords(term: string): string[] | null {
  const folded = foldTerm(term);
  return /^[a-z]+( [a-z]+)+$/.test(folded) ? folded.split(" ") : null;
}

/** How a list finds a search's repairs. */
export type Search = {
  /** The condition on a row of repairs. */
  where: Prisma.Sql;
  /**
   * Or, where at least two of the words are whole: those words, distinct,
   * whose rows in repair_words (wordWalk) give the repairs holding them
   * newest first, and what a row must then hold besides: the phrase (its
   * words but the first are whole there, and its last begins a word).
   */
  walk: { words: string[]; where: Prisma.Sql } | null;
};

/** The shop's words that `last` begins, in order, MAX_ENDINGS + 1 at most. */
function endingsOf(shopId: string, last: string): Prisma.Sql {
  // The words from `last` up to `last` followed by "{", the character after
  // "z": a range of the key, whatever plan the statement keeps.
  return Prisma.sql`SELECT word FROM search_words WHERE shop_id = ${shopId}::uuid
    AND word >= ${last} AND word < ${`${last}{`} ORDER BY word LIMIT ${MAX_ENDINGS + 1}`;
}

/**
 * The search `term`'s condition on a row of repairs. Through the words: the
 * text holds the phrase (strpos, written first, as the cheaper check where
 * the planner walks the newest repairs instead), every word but the last as a
 * whole word, and one of the shop's words the last begins (at most
 * MAX_ENDINGS, else the trigrams). Reads those words first.
 */
export async function searchCondition(client: PrismaClient, shopId: string, term: string): Promise<Search> {
  const words = phraseWords(term);
  if (words) {
    const endings = (await rows<{ word: string }>(client, endingsOf(shopId, words[words.length - 1]))).map(
      (row) => row.word,
    );
    return phraseSearch(words, endings) ?? substringSearch(term);
  }
  return substringSearch(term);
}

/**
 * A phrase's words each as the beginning of a word, in any order and
 * anywhere ("montse ferrer" finds "Montserrat Ferrer i Soler", "ferrer
 * montse" too): what the list reads when the phrase itself finds nothing
 * and one of its words is no whole word of the shop's (a name shortened). A phrase of whole words found nowhere ("pere vidal", a new
 * customer) has its answer: null, after one read of the words. Each word's
 * endings among the shop's words are read in that one statement; a word that
 * begins none finds nothing (null), one that begins too many (MAX_ENDINGS)
 * is matched by a pattern instead of the words' GIN index.
 */
export async function wordsBeginningSearch(client: PrismaClient, shopId: string, term: string): Promise<Search | null> {
  const words = phraseWords(term);
  if (!words) return null;
  const found = await rows<{ n: number; endings: string[] }>(
    client,
    Prisma.sql`SELECT t.n::int AS n, ARRAY(SELECT word FROM search_words WHERE shop_id = ${shopId}::uuid
        AND word >= t.w AND word < t.w || '{' ORDER BY word LIMIT ${MAX_ENDINGS + 1}) AS endings
      FROM unnest(${words}::text[]) WITH ORDINALITY AS t(w, n)`,
  );
  if (found.some((word) => word.endings.length === 0)) return null;
  const shortened = found.some(({ n, endings }) => endings[0] !== words[n - 1]);
  if (!shortened) return null;
  const conditions = found.map(({ n, endings }) =>
    endings.length > MAX_ENDINGS
      ? // Its letters after the start of the text or anything but a letter: a word it begins.
        Prisma.sql`search_text ~ ${`(^|[^a-z])${words[n - 1]}`}`
      : Prisma.sql`repair_search_words(search_text) && ${endings}::text[]`,
  );
  return { where: Prisma.join(conditions, " AND "), walk: null };
}

/** A phone number as people write it: digits with spaces, +, dots, dashes or brackets, 6 digits or more. */
const PHONE_LIKE = /^[\d\s+().-]+$/;

/**
 * Any term, as a substring of the search text, through the trigrams. A phone
 * number is also looked for by its digits alone (its last 9: a country code
 * typed or not), which the search text holds (search-text.ts): "600 123 456",
 * "600123456" and "+34 600 123 456" find each other however it was written.
 */
function substringSearch(term: string): Search {
  const digits = term.replace(/\D/g, "").slice(-9);
  const asTyped = Prisma.sql`search_text LIKE ${searchPattern(term)}`;
  if (!PHONE_LIKE.test(term) || digits.length < 6 || digits === term.trim()) return { where: asTyped, walk: null };
  return { where: Prisma.sql`(${asTyped} OR search_text LIKE ${searchPattern(digits)})`, walk: null };
}

/** A phrase's condition, given the shop's words its last word begins (searchCondition); null past MAX_ENDINGS. */
function phraseSearch(words: string[], endings: string[]): Search | null {
  if (endings.length > MAX_ENDINGS) return null;
  const phrase = Prisma.sql`strpos(search_text, ${words.join(" ")}) > 0`;
  const whole = [...new Set([...words.slice(0, -1), ...(endings.length === 1 ? endings : [])])].slice(
    0,
    MAX_WALK_WORDS,
  );
  return {
    where: Prisma.sql`${phrase}
    AND repair_search_words(search_text) @> ${words.slice(0, -1)}::text[]
    AND repair_search_words(search_text) && ${endings}::text[]`,
    // Only the phrase: the walk holds the words (the GIN index's
    // conditions, given too, would have Postgres read them that way).
    walk: whole.length >= 2 ? { words: whole, where: phrase } : null,
  };
}

/**
 * A full name in one statement instead of two ("José García" at the counter,
 * its last word typed to the end). The walk of every word, the last taken
 * as whole, on the condition, checked within the same statement, that the
 * last word begins none of the shop's words but itself. The statement
 * reads those words too (`endings`, a column): where the guess held the page
 * is the answer; where it did not ("jose g", still being typed, or "anna
 * pere" with Pérez about) the statement read no repair, and `otherwise`
 * gives the real search from them at once, without reading them again.
 * Null where the walk would not hold two words (not a phrase, "jose jose").
 */
export function wholeNameGuess(
  shopId: string,
  term: string,
): { search: Search; endings: Prisma.Sql; otherwise: (endings: string[]) => Search | null } | null {
  const words = phraseWords(term);
  const last = words?.[words.length - 1];
  if (!words || !last || new Set(words).size < 2) return null;
  const guess = phraseSearch(words, [last])!;
  // The very words `endings` answers, none but `last` among them.
  const alone = Prisma.sql`NOT EXISTS (SELECT 1 FROM (${endingsOf(shopId, last)}) ending WHERE word <> ${last})`;
  return {
    search: {
      where: Prisma.sql`${guess.where} AND ${alone}`,
      walk: { words: guess.walk!.words, where: Prisma.sql`${guess.walk!.where} AND ${alone}` },
    },
    endings: Prisma.sql`ARRAY(${endingsOf(shopId, last)})`,
    // The statement's condition, as the words it read: none but `last`.
    otherwise: (endings) =>
      endings.every((word) => word === last) ? null : (phraseSearch(words, endings) ?? substringSearch(term)),
  };
}

/**
 * How many of the first word's rows a walk reads at most. Words seldom
 * together ("pere vidal", where no repair has both) would have the walk read
 * every row of both words to find nothing: past this many, a walk that found
 * less than it was asked for leaves the page to the words' GIN index
 * (Search.where), which answers such a term from the words' posting lists.
 */
export const WALK_BUDGET = 3_000;

/**
 * The repairs holding every one of `words` (Search.walk), in list order, as
 * word_key: their place (repair_word_key), from the words' rows in
 * repair_words merged on it; from after `before` when given; among the first
 * word's WALK_BUDGET newest rows. Joined to repairs on
 * repair_word_repair(word_key), ordered by word_key DESC and limited,
 * Postgres reads the words' index backwards and stops at the limit.
 */
export function wordWalk(
  shopId: string,
  words: string[],
  before?: { createdAt: Date | string; id: string },
): Prisma.Sql {
  const alias = (i: number) => Prisma.raw(`w${i}`);
  const after = (i: number) =>
    before
      ? Prisma.sql` AND ${alias(i)}.key < repair_word_key(${before.createdAt}::timestamptz, ${before.id}::uuid)`
      : Prisma.empty;
  // The walk reads the first word's WALK_BUDGET newest rows at most: from
  // the key that many rows down (or all of them, when fewer).
  const bound = Prisma.sql` AND w0.key >= coalesce((SELECT b.key FROM ${firstRows(shopId, words, before)}
    ORDER BY b.key DESC OFFSET ${WALK_BUDGET - 1} LIMIT 1), ''::bytea)`;
  const joins = words.slice(1).map(
    (word, n) => Prisma.sql` JOIN repair_words ${alias(n + 1)} ON ${alias(n + 1)}.shop_id = w0.shop_id
        AND ${alias(n + 1)}.word = ${word} AND ${alias(n + 1)}.key = w0.key${after(n + 1)}`,
  );
  return Prisma.sql`SELECT w0.key AS word_key FROM repair_words w0${Prisma.join(joins, "", "", "")}
    WHERE w0.shop_id = ${shopId}::uuid AND w0.word = ${words[0]}${after(0)}${bound}`;
}

/** The first word's rows a walk may read (as `b`): the shop's, from after `before` when given. */
const firstRows = (shopId: string, words: string[], before?: { createdAt: Date | string; id: string }) =>
  Prisma.sql`repair_words b WHERE b.shop_id = ${shopId}::uuid AND b.word = ${words[0]}${
    before
      ? Prisma.sql` AND b.key < repair_word_key(${before.createdAt}::timestamptz, ${before.id}::uuid)`
      : Prisma.empty
  }`;

/**
 * Whether the walk of `words` (wordWalk, from `before`) may have stopped at
 * its budget: the first word has WALK_BUDGET rows or more there. Asked only of
 * a walk that found less than it was asked for.
 */
export function walkCut(shopId: string, words: string[], before?: { createdAt: Date | string; id: string }) {
  return Prisma.sql`(SELECT count(*) = ${WALK_BUDGET} FROM (SELECT 1 FROM ${firstRows(shopId, words, before)}
    LIMIT ${WALK_BUDGET}) b)`;
}
