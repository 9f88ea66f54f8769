import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { npmStartCommand, withStartDefaults } from "@/scripts/lib/start-command";
import { freePort } from "@/scripts/lib/free-port";
import { exited, startUntil } from "./processes";
import { tempDir } from "./temp-dir";

// The production server started as the README says (`npm start`, which runs
// scripts/serve.ts as its child), on a loopback port, for the operations tests.

export type AppServer = {
  base: string;
  port: number;
  dataDir: string;
  uploadDir: string;
  /** `npm start`'s own process (it holds the embedded database, if any). */
  child: ChildProcess;
  /** The HTTP server's process id (scripts/serve.ts). */
  serverPid: number;
  output: () => string;
  /** Every JSON line the server has logged so far. */
  logLines: () => Array<Record<string, unknown>>;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
  /** kill -9 of both processes, as a power cut or the OOM killer would. */
  crash: () => Promise<void>;
};

export async function startApp(
  options: {
    databaseUrl?: string;
    dataDir?: string;
    uploadDir?: string;
    env?: Record<string, string | undefined>;
  } = {},
): Promise<AppServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? tempDir("rd-app-");
  const uploadDir = options.uploadDir ?? path.join(dataDir, "uploads");
  const started = await startUntil(
    npmStartCommand().args,
    withStartDefaults({
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      DATA_DIR: dataDir,
      UPLOAD_DIR: uploadDir,
      DATABASE_URL: options.databaseUrl,
      ...options.env,
    }),
    /"pid":(\d+)[^\n]*"msg":"ready"/,
    240_000,
  );
  const { child, output } = started;
  const serverPid = Number(started.match[1]);
  const logLines = () =>
    output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    uploadDir,
    child,
    serverPid,
    output,
    logLines,
    stop: async (signal = "SIGTERM") => {
      child.kill(signal);
      return exited(child);
    },
    crash: async () => {
      const done = exited(child);
      try {
        process.kill(serverPid, "SIGKILL");
      } catch {
        // already gone
      }
      child.kill("SIGKILL");
      await done;
      // The server's process is not ours to wait for: poll until it is gone.
      for (let i = 0; i < 100; i++) {
        try {
          process.kill(serverPid, 0);
        } catch {
          return;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`server process ${serverPid} survived kill -9`);
    },
  };
}

/** Signs in over HTTP and returns the access token. */
export async function signInOver(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** A JSON call to the API with a bearer token. */
export function apiCall(
  base: string,
  token: string,
  path: string,
  body?: unknown,
  method = body === undefined ? "GET" : "POST",
) {
  return fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A new shop and owner written straight to a database; returns the owner's credentials. */
export async function ownerIn(databaseUrl: string, label = "Ops"): Promise<{ email: string; password: string }> {
  const { createDb } = await import("@/lib/db");
  const { createShopWithOwner } = await import("@/lib/accounts/create-shop");
  const client = createDb(databaseUrl, 1);
  const email = `${label.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = "Correct-Horse-9";
  try {
    await createShopWithOwner(client, { shopName: `${label} shop`, name: `${label} owner`, email, password });
  } finally {
    await client.$disconnect();
  }
  return { email, password };
}
