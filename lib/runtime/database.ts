import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { liveServer } from "@/lib/runtime/data-dir-lock";

// Which database a command uses: DATABASE_URL when set; otherwise the embedded
// one under DATA_DIR, reached through the running server when there is one
// (PGlite allows one process on its files), else opened by this process.

export type OpenDatabase = { url: string; embedded: boolean; close: () => Promise<void> };

export async function openDatabase(options: {
  dataDir: string;
  databaseUrl?: string;
  port?: number;
}): Promise<OpenDatabase> {
  if (options.databaseUrl) return { url: options.databaseUrl, embedded: false, close: async () => {} };
  const running = liveServer(options.dataDir);
  if (running?.url) return { url: running.url, embedded: true, close: async () => {} };
  const embedded = await startEmbeddedPostgres({ dataDir: options.dataDir, port: options.port });
  return { url: embedded.url, embedded: true, close: embedded.stop };
}
