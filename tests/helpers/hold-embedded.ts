// Test helper: a separate process that opens the embedded database in the
// DATA_DIR given as argument, prints its URL, and holds it until killed.
import { startEmbeddedPostgres } from "@/lib/db/embedded";

const embedded = await startEmbeddedPostgres({ dataDir: process.argv[2] });
console.log(`READY ${embedded.url}`);
setInterval(() => {}, 60_000);
