// Runs once when the server starts, however it is started (npm start, or the
// standalone server in the Docker image).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { announceFirstRun } = await import("@/lib/setup/announce");
  const { sweepUploads } = await import("@/lib/photos/store");
  await sweepUploads();
  await announceFirstRun();
}
