// A closed-loop HTTP load generator: `concurrency` clients, each sending its
// next request as soon as the last one is answered, over keep-alive
// connections, for `durationMs`. Records every latency (exact percentiles, no
// histogram buckets). Used by the benchmarks (npm run bench) and the load test.
import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";

export type Call = {
  name: string;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
};

export type Percentiles = { count: number; rps: number; p50: number; p95: number; p99: number; max: number };

export type LoadResult = {
  durationMs: number;
  total: number;
  rps: number;
  statuses: Record<string, number>;
  /** Requests that got no answer at all (connection refused, reset). */
  failures: number;
  byName: Record<string, Percentiles & { statuses: Record<string, number> }>;
  /** The first few 5xx answers and failures, to say what went wrong. */
  problems: Array<{ name: string; status: number | string; body: string }>;
};

/** An answer; its body is decoded only when asked for (a 5xx's, to say what went wrong). */
type Answer = { status: number; body: () => string };

function send(agent: Agent, base: URL, call: Call): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = call.body === undefined ? undefined : Buffer.isBuffer(call.body) ? call.body : Buffer.from(call.body);
    const req = request(
      {
        host: base.hostname,
        port: base.port,
        path: call.path,
        method: call.method ?? "GET",
        agent,
        headers: { ...call.headers, ...(body ? { "content-length": body.length } : {}) },
      },
      (res) => {
        // Kept as bytes: decoding every answer (18 KB for a list page) was
        // this process's own CPU, on the cores the server runs on, and grew
        // with the answer's size, so the floor's few bytes were favoured.
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: () => Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

export function percentiles(latencies: number[], seconds: number): Percentiles {
  const sorted = Float64Array.from(latencies).sort();
  const at = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : 0);
  const round = (ms: number) => Math.round(ms * 100) / 100;
  return {
    count: sorted.length,
    rps: Math.round((sorted.length / seconds) * 10) / 10,
    p50: round(at(0.5)),
    p95: round(at(0.95)),
    p99: round(at(0.99)),
    max: round(sorted.length ? sorted[sorted.length - 1] : 0),
  };
}

/**
 * Runs the load. `next` gives each client its next call; `onAnswer` sees each
 * answer (to remember ids a later call needs).
 */
export async function runLoad(options: {
  base: string;
  concurrency: number;
  durationMs: number;
  next: (client: number, iteration: number) => Call | Promise<Call>;
  onAnswer?: (call: Call, answer: Answer, client: number) => void;
}): Promise<LoadResult> {
  const base = new URL(options.base);
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const latencies = new Map<string, number[]>();
  const statusesByName = new Map<string, Record<string, number>>();
  const statuses: Record<string, number> = {};
  const problems: LoadResult["problems"] = [];
  let failures = 0;
  const started = performance.now();
  const deadline = started + options.durationMs;

  const client = async (id: number) => {
    for (let i = 0; performance.now() < deadline; i++) {
      const call = await options.next(id, i);
      const sent = performance.now();
      let status: number | string;
      try {
        const answer = await send(agent, base, call);
        status = answer.status;
        if (answer.status >= 500 && problems.length < 10)
          problems.push({ name: call.name, status, body: answer.body().slice(0, 300) });
        options.onAnswer?.(call, answer, id);
      } catch (error) {
        failures++;
        status = "failed";
        if (problems.length < 10) problems.push({ name: call.name, status, body: (error as Error).message });
      }
      const ms = performance.now() - sent;
      if (!latencies.has(call.name)) latencies.set(call.name, []);
      latencies.get(call.name)!.push(ms);
      const byName = statusesByName.get(call.name) ?? {};
      byName[status] = (byName[status] ?? 0) + 1;
      statusesByName.set(call.name, byName);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, (_, id) => client(id)));
  const durationMs = performance.now() - started;
  agent.destroy();
  const seconds = durationMs / 1000;
  const byName: LoadResult["byName"] = {};
  for (const [name, values] of latencies)
    byName[name] = { ...percentiles(values, seconds), statuses: statusesByName.get(name)! };
  const total = [...latencies.values()].reduce((sum, v) => sum + v.length, 0);
  return {
    durationMs: Math.round(durationMs),
    total,
    rps: Math.round((total / seconds) * 10) / 10,
    statuses,
    failures,
    byName,
    problems,
  };
}

/** A process's resident memory in MB, from the kernel (Linux). */
export function residentMB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/VmRSS:\s+(\d+) kB/)![1]) / 1024;
}

/**
 * A process's proportional set size: its resident pages, each shared one
 * divided among the processes sharing it. Summed over processes it is the
 * memory they hold together: RSS counts Node's own code (about 45 MB,
 * mapped from one file) once in each.
 */
export function proportionalMB(pid: number): number {
  const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
  return Number(rollup.match(/^Pss:\s+(\d+) kB/m)![1]) / 1024;
}

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux for x86 and arm). */
const TICKS_PER_SECOND = 100;

/**
 * The CPU time a process has used so far, user and system, in ms (Linux).
 * Its difference over a load run, per request, is what a request costs the
 * process: a figure a slow hour on a shared machine moves far less than a rate.
 */
export function cpuTimeMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The fields after the command's name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}
