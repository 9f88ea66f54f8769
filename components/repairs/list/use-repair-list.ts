"use client";

import { useSearchParams } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { repairsApi, type Pagination, type SendOut } from "@/lib/client/api";
import { isStale } from "@/lib/client/api-client";
import type { ListRepairJson, RepairJson } from "@/lib/repairs/serialize";
import { MAX_PAGE_SIZE, PAGE_SIZE } from "@/lib/repairs/limits";
import type { RepairStatus } from "@/lib/repairs/workflow";
import { listHref, queryFromParams, recall, remember, type ListQuery, type Remembered } from "./list-memory";

/** The list refetches this long after the search or the filter changed. */
export const DEBOUNCE_MS = 800;

/** A row of the list: the list's fields (a whole repair put in place after a change carries more). */
export type ListRepair = ListRepairJson;
type Query = ListQuery & { attempt: number };
/** The filters that apply at once (choices, not typing). */
export type ListFilters = Pick<ListQuery, "queue" | "workshop" | "sort">;

const page = (query: Query, cursor: string | null, limit = PAGE_SIZE) =>
  repairsApi.list({
    search: query.search,
    statuses: query.statuses,
    queue: query.queue,
    workshop: query.workshop,
    sort: query.sort,
    cursor,
    limit,
  });

type Result = { query: Query; repairs: ListRepair[]; page: Pagination | null; error: unknown };

/** The list as the URL asks for it, and as it was left if this tab left it so (see list-memory). */
function initialState(params: Pick<URLSearchParams, "get">): {
  query: Query;
  result: Result | null;
  back: Remembered<ListRepair, Pagination> | null;
} {
  const query = { ...queryFromParams(params), attempt: 0 };
  const back = recall<ListRepair, Pagination>(query);
  return { query, back, result: back ? { query, repairs: back.repairs, page: back.page, error: null } : null };
}

export function useRepairList() {
  // The address as the router has it (on a client-side move, window.location
  // still shows the page before); sessionStorage is there: the list renders
  // in the browser only, inside the sign-in guard.
  const params = useSearchParams();
  const [initial] = useState(() => initialState(params));
  const [searchInput, setSearchInput] = useState(initial.query.search);
  const [statuses, setStatuses] = useState<RepairStatus[]>(initial.query.statuses);
  const [query, setQuery] = useState<Query>(initial.query);
  // The answer and the query it answers: loading is "no answer to this query yet".
  const [result, setResult] = useState<Result | null>(initial.result);
  const [loadingMore, setLoadingMore] = useState(false);
  const current = useRef(query);

  useEffect(() => {
    const search = searchInput.trim();
    const same = (q: Query) => q.search === search && q.statuses.join() === statuses.join();
    // An unchanged search keeps its query, so nothing is fetched again.
    const timer = setTimeout(() => setQuery((q) => (same(q) ? q : { ...q, search, statuses })), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput, statuses]);

  useEffect(() => {
    current.current = query;
    // The search and filter go into the address, so Back and a shared link keep them.
    // (It also drops the entry's mark of a list left from it: a reload from here reads afresh, see list-memory.)
    window.history.replaceState(null, "", listHref(query));
    const back = query === initial.query ? initial.back : null;
    // Back from a repair: the rows as they were, where they were, while
    // as many are read again (colleagues and customers change them).
    if (back) requestAnimationFrame(() => window.scrollTo(0, back.scrollY));
    const rows = back ? Math.min(MAX_PAGE_SIZE, Math.max(PAGE_SIZE, back.repairs.length)) : PAGE_SIZE;
    page(query, null, rows).then(
      (answer) =>
        current.current === query &&
        setResult({ query, repairs: answer.repairs, page: answer.pagination, error: null }),
      (error) => current.current === query && setResult({ query, repairs: [], page: null, error }),
    );
    // `initial` never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query]);

  const answered = result?.query === query ? result : null;

  const loadMore = async () => {
    if (!answered?.page?.nextCursor) return;
    setLoadingMore(true);
    try {
      const answer = await page(query, answered.page.nextCursor);
      if (current.current === query)
        setResult({ ...answered, repairs: [...answered.repairs, ...answer.repairs], page: answer.pagination });
    } catch (error) {
      if (current.current === query) setResult({ ...answered, error });
    } finally {
      setLoadingMore(false);
    }
  };

  /** Puts answered repairs in place in the list as it is. */
  const keep = (updated: RepairJson[]) => {
    const byId = new Map(updated.map((repair) => [repair.id, repair]));
    setResult((r) => r && { ...r, repairs: r.repairs.map((repair) => ({ ...repair, ...byId.get(repair.id) })) });
  };
  // Each change says which version of the row it was made on: one that moved
  // since the list was read (a customer's answer, a colleague) is refused (412),
  // and the list is read again so it shows what changed.
  const readAgainIfStale = (error: unknown) => {
    if (isStale(error)) setQuery((q) => ({ ...q, attempt: q.attempt + 1 }));
  };
  const readAgainAndThrow = (error: unknown): never => {
    readAgainIfStale(error);
    throw error;
  };
  /** Several at once, all or none (PATCH /repairs/status). */
  const changeStatuses = async (repairs: ListRepair[], status: RepairStatus, sendOut?: SendOut) =>
    keep((await repairsApi.setStatuses(repairs, status, sendOut).catch(readAgainAndThrow)).repairs);
  const reload = useCallback(() => setQuery((q) => ({ ...q, attempt: q.attempt + 1 })), []);
  return {
    searchInput,
    setSearchInput,
    statuses,
    setStatuses,
    query,
    repairs: answered?.repairs ?? result?.repairs ?? [],
    page: answered?.page ?? null,
    loading: !answered || loadingMore,
    error: answered?.error ?? null,
    reload,
    /** A queue, a workshop or an order: read at once. */
    setFilters: (changes: Partial<ListFilters>) => setQuery((q) => ({ ...q, ...changes })),
    /** Keeps the list as it is for coming back to it from the repair about to open. */
    rememberBeforeOpening: () => {
      if (answered?.page)
        remember({
          search: query.search,
          statuses: query.statuses,
          queue: query.queue,
          workshop: query.workshop,
          sort: query.sort,
          repairs: answered.repairs,
          page: answered.page,
        });
    },
    loadMore,
    changeStatuses,
    /** Repairs changed elsewhere (the pickup dialog), put in place; one refused as stale reads the list again. */
    keep,
    readAgainIfStale,
  };
}
