// Runs once when the server starts, however it is started (npm start, or the
// standalone server in the Docker image).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { announceFirstRun } = await import("@/lib/setup/announce");
  const { sweepUploads } = await import("@/lib/photos/store");
  const { pruneRateLimits } = await import("@/lib/rate-limit");
  const { db } = await import("@/lib/db");
  await sweepUploads();
  // Rate-limit windows that ended long ago are of no use; keep the table small.
  await pruneRateLimits(db()).catch((error) => console.error(`Could not prune rate limits: ${(error as Error).message}`));
  await announceFirstRun();
}
