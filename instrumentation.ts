// Runs once when the server starts (scripts/serve.ts, which npm start and the
// Docker image run as a child of scripts/start.ts): puts the upload folder back
// in step with the photo records, keeps the rate-limit and lockout tables small
// (now and every hour), starts the customer notices' worker when mail is configured,
// and prints the first-run instructions while no account exists.
const HOUR = 3_600_000;

export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { announceFirstRun } = await import("@/lib/setup/announce");
  const { sweepUploads } = await import("@/lib/photos/store");
  const { recordedPhotoPaths } = await import("@/lib/photos/photos");
  const { pruneRateLimits } = await import("@/lib/rate-limit");
  const { pruneLockouts } = await import("@/lib/auth/lockout");
  const { db } = await import("@/lib/db");
  const { errorFields, logger } = await import("@/lib/log");
  const log = logger();

  const upkeep = async () => {
    try {
      const swept = await sweepUploads((paths) => recordedPhotoPaths(db(), paths));
      if (swept.removed || swept.restored) log.info(swept, "upload folder put back in step with the photo records");
    } catch (error) {
      log.warn({ error: errorFields(error) }, "could not check the upload folder");
    }
    await Promise.all([pruneRateLimits(db()), pruneLockouts(db())]).catch((error: unknown) =>
      log.warn({ error: errorFields(error) }, "could not prune rate limits and lockouts"),
    );
  };
  // In the background: a large upload folder must not hold up the first request.
  void upkeep();
  setInterval(upkeep, HOUR).unref();

  const { settings } = await import("@/lib/env");
  const { startNoticeWorker } = await import("@/lib/notices/worker");
  if (process.env.SMTP_URL && !settings().SMTP_URL)
    log.error("SMTP_URL must look like smtp://user:password@host:587 (or smtps://): email notices are off");
  else if (settings().SMTP_URL && !settings().MAIL_FROM)
    log.error("MAIL_FROM is not set: email notices are off until it names the sender");
  startNoticeWorker(db);
  await announceFirstRun();
}
