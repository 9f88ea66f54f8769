"use client";

import { useEffect, useRef, useState } from "react";
import { apiRequest } from "@/lib/api-client";
import type { RepairJson } from "@/lib/repairs/serialize";
import type { RepairStatus } from "@/lib/repairs/workflow";

/** The list refetches this long after the search or the filter changed (SPEC section 9). */
export const DEBOUNCE_MS = 800;
export const PAGE_SIZE = 50;

export type ListRepair = Omit<RepairJson, "photos">;
type Pagination = { total: number; totalCapped: boolean; hasMore: boolean; nextCursor: string | null };
type Page = { repairs: ListRepair[]; pagination: Pagination };
type Query = { search: string; statuses: RepairStatus[]; attempt: number };

const pageUrl = (query: Query, cursor: string | null) => {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (query.search) params.set("search", query.search);
  if (query.statuses.length) params.set("statuses", query.statuses.join(","));
  if (cursor) params.set("cursor", cursor);
  return `/repairs?${params}`;
};

export function useRepairList() {
  const [searchInput, setSearchInput] = useState("");
  const [statuses, setStatuses] = useState<RepairStatus[]>([]);
  const [query, setQuery] = useState<Query>({ search: "", statuses: [], attempt: 0 });
  // The answer and the query it answers: loading is "no answer to this query yet".
  const [result, setResult] = useState<{ query: Query; repairs: ListRepair[]; page: Pagination | null; error: unknown } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const current = useRef(query);

  useEffect(() => {
    const search = searchInput.trim();
    const same = (q: Query) => q.search === search && q.statuses.join() === statuses.join();
    // An unchanged search keeps its query, so nothing is fetched again.
    const timer = setTimeout(() => setQuery((q) => (same(q) ? q : { search, statuses, attempt: q.attempt })), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput, statuses]);

  useEffect(() => {
    current.current = query;
    apiRequest<Page>(pageUrl(query, null)).then(
      (answer) => current.current === query && setResult({ query, repairs: answer.repairs, page: answer.pagination, error: null }),
      (error) => current.current === query && setResult({ query, repairs: [], page: null, error }),
    );
  }, [query]);

  const answered = result?.query === query ? result : null;

  const loadMore = async () => {
    if (!answered?.page?.nextCursor) return;
    setLoadingMore(true);
    try {
      const answer = await apiRequest<Page>(pageUrl(query, answered.page.nextCursor));
      if (current.current === query) setResult({ ...answered, repairs: [...answered.repairs, ...answer.repairs], page: answer.pagination });
    } catch (error) {
      if (current.current === query) setResult({ ...answered, error });
    } finally {
      setLoadingMore(false);
    }
  };

  const changeStatus = async (id: string, status: RepairStatus) => {
    const updated = await apiRequest<ListRepair>(`/repairs/${id}/status`, { method: "PATCH", body: { status } });
    setResult((r) => r && { ...r, repairs: r.repairs.map((repair) => (repair.id === id ? { ...repair, ...updated } : repair)) });
  };

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
    reload: () => setQuery((q) => ({ ...q, attempt: q.attempt + 1 })),
    loadMore,
    changeStatus,
  };
}
