import { createDb } from "@/lib/db";
import { liveServer } from "@/lib/runtime/data-dir-lock";

/** A client for the database the e2e server uses (a real server's, or its embedded one). */
export function e2eDb() {
  const url = process.env.E2E_DATABASE_URL || liveServer(process.env.E2E_DATA_DIR!)?.url;
  if (!url) throw new Error("The e2e server's database is not reachable");
  return createDb(url, 1);
}
