import { isRepairStatus, QUEUES, type Queue, type RepairStatus } from "@/lib/repairs/workflow";

// What the list looked like when someone opened a repair from it: the search,
// filters and order live in the URL (?q=…&statuses=…&queue=…&workshop=…&sort=…,
// so Back, a shared link and the dashboard's links keep them), the loaded rows
// and the scroll position in sessionStorage (this tab only). Only a return
// (Back or Forward to the list's own history entry, or "Back to repairs")
// shows them, and the list reads its rows afresh at once; a reload, the menu
// or any other arrival reads the list before showing it.

export type ListQuery = {
  search: string;
  statuses: RepairStatus[];
  /** One work queue (the dashboard's), or none. */
  queue: Queue | null;
  /** At an outside workshop: "any", or one workshop's id; null: anywhere. */
  workshop: string | null;
  sort: "created" | "deadline";
};
export type Remembered<Row, Page> = ListQuery & {
  repairs: Row[];
  page: Page;
  scrollY: number;
  at: number;
};

const KEY = "repairs-list";
/** The history entry the list was left from carries the remembered list's time under this name. */
const MARK = "repairsListLeftAt";
/** "Back to repairs" pressed: a return, as Back is. */
const RETURN_KEY = "repairs-list-return";
/** A list left longer ago than this is read afresh. */
const FRESH_MS = 30 * 60_000;

/** The whole list, newest first: what a filtered address changes. */
export const ALL_REPAIRS: ListQuery = { search: "", statuses: [], queue: null, workshop: null, sort: "created" };

/** The query a list address asks for (its search parameters). */
export function queryFromParams(params: Pick<URLSearchParams, "get">): ListQuery {
  const queue = params.get("queue");
  return {
    search: params.get("q") ?? "",
    statuses: (params.get("statuses") ?? "").split(",").filter(isRepairStatus),
    queue: (QUEUES as readonly string[]).includes(queue ?? "") ? (queue as Queue) : null,
    workshop: params.get("workshop") || null,
    sort: params.get("sort") === "deadline" ? "deadline" : "created",
  };
}

/** The list's address for a query: /repairs, with ?q= and ?statuses= when set. */
export function listHref(query: ListQuery): string {
  const params = new URLSearchParams();
  if (query.search) params.set("q", query.search);
  if (query.statuses.length) params.set("statuses", query.statuses.join(","));
  if (query.queue) params.set("queue", query.queue);
  if (query.workshop) params.set("workshop", query.workshop);
  if (query.sort !== "created") params.set("sort", query.sort);
  const search = params.toString();
  return search ? `/repairs?${search}` : "/repairs";
}

/** Whether two queries ask for the same rows in the same order. */
export const sameQuery = (a: ListQuery, b: ListQuery) =>
  a.search === b.search &&
  a.statuses.join() === b.statuses.join() &&
  a.queue === b.queue &&
  a.workshop === b.workshop &&
  a.sort === b.sort;

export function remember<Row, Page>(state: Omit<Remembered<Row, Page>, "at" | "scrollY">): void {
  const at = Date.now();
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify({ ...state, scrollY: window.scrollY, at }));
    window.history.replaceState({ ...window.history.state, [MARK]: at }, "");
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

/** Called by "Back to repairs": the list it opens is a return. */
export const returnToList = () => window.sessionStorage.setItem(RETURN_KEY, "1");

/** What was remembered for this query, if recent and this arrival is a return to it. */
export function recall<Row, Page>(query: ListQuery): Remembered<Row, Page> | null {
  const left = saved<Row, Page>();
  const linked = window.sessionStorage.getItem(RETURN_KEY);
  window.sessionStorage.removeItem(RETURN_KEY);
  if (!left || !sameQuery(left, query) || Date.now() - left.at >= FRESH_MS) return null;
  // The mark is the entry's until the list shows there again (use-repair-list), so a reload reads afresh.
  return window.history.state?.[MARK] === left.at || linked ? left : null;
}

/** Where "Back to repairs" leads: the list as it was left, or the plain list. */
export function rememberedListHref(): string {
  const left = saved();
  return left ? listHref(left) : "/repairs";
}

const SAY = "repairs-list-say";
/** A message for the list to show when it opens next (a repair deleted from its screen). */
export const sayOnList = (text: string) => window.sessionStorage.setItem(SAY, text);
/** The message left for the list, taken once. */
export function takeListMessage(): string | null {
  const text = window.sessionStorage.getItem(SAY);
  window.sessionStorage.removeItem(SAY);
  return text;
}
