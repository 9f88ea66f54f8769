import { rows } from "@/lib/db";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { foldTerm, searchPattern } from "./search-text";

// How a search term finds its repairs. Any term matches as a substring of the
// search text (lib/repairs/search-text.ts), through the trigram index. A term
// of several words of letters ("José García", a customer's name at the
// counter) is read through the index of the repairs' words instead
// (migration 20261124150000_search_words): the trigrams of a name are among
// the commonest of a shop's texts, and that index was most of a name search's
// 35 to 60 ms at 1,000,000 repairs. It finds the same repairs, with one
// difference: its first word must be a whole word ("jose garcia" finds "José
// García" and "María José García", not "Mariajosé García").

/** The most words a search's last word may begin before the trigrams read it instead ("jose g"). */
export const MAX_ENDINGS = 100;

/** The words of a term that is several runs of letters, folded, one space apart; else null. */
function phraseWords(term: string): string[] | null {
  const folded = foldTerm(term);
  return /^[a-z]+( [a-z]+)+$/.test(folded) ? folded.split(" ") : null;
}

/**
 * The condition on a row of repairs for the search `term`. Through the words:
 * the text holds the phrase (strpos, written first, as the cheaper check
 * where the planner walks the newest repairs instead), every word but the
 * last as a whole word, and one of the shop's words the last begins (at most
 * MAX_ENDINGS, else the trigrams).
 */
export async function searchCondition(client: PrismaClient, shopId: string, term: string): Promise<Prisma.Sql> {
  const words = phraseWords(term);
  if (words) {
    const last = words[words.length - 1];
    const endings = (
      await rows<{ word: string }>(
        client,
        // The words from `last` up to `last` followed by "{", the character
        // after "z": a range of the key, whatever plan the statement keeps.
        Prisma.sql`SELECT word FROM search_words WHERE shop_id = ${shopId}::uuid
          AND word >= ${last} AND word < ${`${last}{`} ORDER BY word LIMIT ${MAX_ENDINGS + 1}`,
      )
    ).map((row) => row.word);
    if (endings.length <= MAX_ENDINGS) {
      return Prisma.sql`strpos(search_text, ${words.join(" ")}) > 0
        AND repair_search_words(search_text) @> ${words.slice(0, -1)}::text[]
        AND repair_search_words(search_text) && ${endings}::text[]`;
    }
  }
  return Prisma.sql`search_text LIKE ${searchPattern(term)}`;
}
