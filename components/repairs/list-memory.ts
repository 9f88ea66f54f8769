import { isRepairStatus, type RepairStatus } from "@/lib/repairs/workflow";

// What the list looked like when someone opened a repair from it: the search
// and filter live in the URL (?q=…&statuses=…, so Back and a shared link keep
// them), the loaded rows and the scroll position in sessionStorage (this tab
// only), so coming back finds the list as it was left.

export type ListQuery = { search: string; statuses: RepairStatus[] };
export type Remembered<Row, Page> = ListQuery & {
  repairs: Row[];
  page: Page;
  scrollY: number;
  openedId: string | null;
  at: number;
};

const KEY = "repairs-list";
/** A list left longer ago than this is read afresh. */
const FRESH_MS = 30 * 60_000;

/** The query a list address asks for (its search parameters). */
export function queryFromParams(params: Pick<URLSearchParams, "get">): ListQuery {
  return { search: params.get("q") ?? "", statuses: (params.get("statuses") ?? "").split(",").filter(isRepairStatus) };
}

/** The list's address for a query: /repairs, with ?q= and ?statuses= when set. */
export function listHref(query: ListQuery): string {
  const params = new URLSearchParams();
  if (query.search) params.set("q", query.search);
  if (query.statuses.length) params.set("statuses", query.statuses.join(","));
  const search = params.toString();
  return search ? `/repairs?${search}` : "/repairs";
}

const sameQuery = (a: ListQuery, b: ListQuery) => a.search === b.search && a.statuses.join() === b.statuses.join();

export function remember<Row, Page>(state: Omit<Remembered<Row, Page>, "at" | "scrollY">): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify({ ...state, scrollY: window.scrollY, at: Date.now() }));
  } catch {
    // Storage full or off: coming back reads the list afresh.
  }
}

function saved<Row, Page>(): Remembered<Row, Page> | null {
  try {
    return JSON.parse(window.sessionStorage.getItem(KEY) ?? "null") as Remembered<Row, Page> | null;
  } catch {
    return null;
  }
}

/** What was remembered for this query, if recent. */
export function recall<Row, Page>(query: ListQuery): Remembered<Row, Page> | null {
  const left = saved<Row, Page>();
  return left && sameQuery(left, query) && Date.now() - left.at < FRESH_MS ? left : null;
}

/** Where "Back to repairs" leads: the list as it was left, or the plain list. */
export function rememberedListHref(): string {
  const left = saved();
  return left ? listHref(left) : "/repairs";
}
