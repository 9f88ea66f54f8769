// A scenario's line: its figures, the targets it is held to, and the verdict.
import { type Percentiles } from "./load";

/** `length` items of `items` from `start` on, going round to the beginning. */
export const window = <T>(items: T[], start: number, length: number) =>
  Array.from({ length }, (_, k) => items[(start + k) % items.length]);

/** The middle item by `key` (ROUNDS is odd, so there is one). */
export function medianBy<T>(items: T[], key: (item: T) => number): T {
  return [...items].sort((a, b) => key(a) - key(b))[Math.floor((items.length - 1) / 2)];
}

export type Row = { scenario: string; concurrency: number } & Percentiles & {
    errors: number;
    /** What the answers that were not 2xx were: their statuses and the first 5xx's body. */
    notOk?: string;
    /** This rate over the floor's (/api/health) at the same concurrency, in the same round. */
    ofFloor?: number;
    /** The server process's CPU time per request in that run (ms): user and system, read from /proc. */
    serverCpuMs?: number;
    rpsRange?: [number, number];
    verdict?: string;
  };

export const FLOOR = "floor: /api/health";

/** A scenario's expected answers: 200, 201, and the status page's 303 after a form. */
const answeredOk = (status: string) => status === "200" || status === "201" || status === "303";

/** How many of a run's `total` answers were not expected ones (answeredOk), from its statuses. */
export const notOkCount = (total: number, statuses: Record<string, number>) =>
  total - Object.entries(statuses).reduce((n, [status, count]) => n + (answeredOk(status) ? count : 0), 0);

/** "503 x1: {body}": the statuses of a run's answers that were not 2xx, and what the first 5xx said. */
export function notOkAnswers(
  statuses: Record<string, number>,
  problems: Array<{ status: number | string; body: string }>,
) {
  const counts = Object.entries(statuses)
    .filter(([status]) => !answeredOk(status))
    .map(([status, n]) => `${status} x${n}`)
    .join(", ");
  return problems.length ? `${counts}: ${problems[0].body.slice(0, 160)}` : counts;
}

/**
 * Issue 18's targets at 1M repairs on 2 cores: a p95 at one client (ms) and,
 * for the list's reads, a share of the floor's throughput at 16 clients. A
 * name matches the start of a scenario's.
 */
const TARGETS: Array<{ scenario: string; p95?: number; ofFloor?: number }> = [
  { scenario: "list page 1", p95: 10, ofFloor: 0.75 },
  { scenario: "deep page", p95: 10, ofFloor: 0.75 },
  { scenario: "status filter", p95: 10, ofFloor: 0.75 },
  { scenario: "detail", p95: 5 },
  { scenario: "create", p95: 15 },
  { scenario: "status change", p95: 15 },
  { scenario: "status change, notice queued", p95: 40 },
  { scenario: "search, common term", p95: 40 },
  { scenario: "search, rare term", p95: 20 },
  { scenario: "search, customer's name", p95: 40, ofFloor: 0.4 },
  { scenario: "dashboard queues", p95: 30 },
  { scenario: "queue", p95: 30 },
  { scenario: "at one outside workshop", p95: 30 },
  { scenario: "sorted by deadline", p95: 30 },
  { scenario: "bulk status change", p95: 200 },
  { scenario: "status page", p95: 20 },
  // Issue 17 set none; ours: the detail screen's second read, as fast as a list page.
  { scenario: "history", p95: 10 },
];

export const mark = (ok: boolean) => (ok ? "✓" : "✗");

/** "p95 ≤ 10 ✓, ≥ 0.75 of floor ✗": the targets that apply to this line. */
export function verdict(row: Row): string {
  const target = [...TARGETS]
    .sort((a, b) => b.scenario.length - a.scenario.length)
    .find((t) => row.scenario.startsWith(t.scenario));
  if (!target) return "";
  // A line with answers that were not 2xx (an expired token's 401s are fast) measured something else.
  if (row.errors > 0) return "(answers not 2xx ✗)";
  if (row.concurrency === 1 && target.p95 !== undefined) return `(p95 ≤ ${target.p95} ${mark(row.p95 <= target.p95)})`;
  if (row.concurrency === 16 && target.ofFloor !== undefined && row.ofFloor !== undefined)
    return `(≥ ${target.ofFloor} of floor ${mark(row.ofFloor >= target.ofFloor)})`;
  return "";
}
