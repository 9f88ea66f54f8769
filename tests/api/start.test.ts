import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { npmStartCommand, withStartDefaults } from "@/scripts/lib/start-command";
import { freePort } from "@/scripts/lib/free-port";
import { exited, run, startUntil, TSX } from "../helpers/processes";
import { tempDir } from "../helpers/temp-dir";

// `npm start` on a machine with no database server: exactly what the README's
// first command runs, with DATABASE_URL and the secrets unset.
function environment(port: number, dataDir: string): Record<string, string | undefined> {
  return withStartDefaults({
    PORT: String(port),
    DATA_DIR: dataDir,
    UPLOAD_DIR: path.join(dataDir, "uploads"),
    DATABASE_URL: undefined,
    JWT_SECRET: undefined,
    ENCRYPTION_KEY: undefined,
  });
}

const START = npmStartCommand().args;

describe("npm start with the embedded database", () => {
  it(
    "serves the app, guards its DATA_DIR, hands first-run over to shop:create, and stops cleanly",
    { timeout: 400_000 },
    async () => {
      const dataDir = tempDir("rd-start-");
      const port = await freePort();
      const env = environment(port, dataDir);
      const server = await startUntil(START, env, /\/setup\?token=[A-Za-z0-9_-]{43}\n/, 300_000);
      try {
        const output = server.output();
        expect(output).toContain(`Database: embedded PostgreSQL (PGlite) in ${dataDir}`);
        expect(output).toMatch(/applied migration \d+_init/);
        const token = output.match(/\/setup\?token=([A-Za-z0-9_-]+)/)?.[1];
        expect(token).toBeDefined();
        expect(output).toContain("npm run shop:create -- --shop");
        expect(existsSync(path.join(dataDir, "secrets.json"))).toBe(true);

        const base = `http://127.0.0.1:${port}`;
        expect((await fetch(`${base}/api/health`)).status).toBe(200);
        const home = await fetch(`${base}/`, { redirect: "manual" });
        expect(home.status).toBe(307);
        expect(home.headers.get("location")).toBe("/login");
        expect(await (await fetch(`${base}/login`)).text()).toContain('id="email"');
        expect((await fetch(`${base}/setup?token=${token}`)).status).toBe(200);

        // A second server on the same DATA_DIR is refused with a clear message.
        const second = await run(START, environment(await freePort(), dataDir));
        expect(second.code).toBe(1);
        expect(second.stderr).toContain("is already using the embedded database");

        // shop:create reaches the running server's database.
        const created = await run(
          [
            ...TSX,
            "scripts/shop-create.ts",
            "--shop",
            "Vidal",
            "--name",
            "Anna",
            "--email",
            "anna@vidal.cat",
            "--password",
            "Correct-Horse-9",
          ],
          env,
        );
        expect(created.stderr).toBe("");
        expect(created.code).toBe(0);
        expect((await fetch(`${base}/setup?token=${token}`)).status).toBe(404);
      } finally {
        server.child.kill("SIGTERM");
      }
      expect(await exited(server.child)).toBe(0);
      expect(existsSync(path.join(dataDir, "server.lock"))).toBe(false);

      // Restarted: the data is there, so no first-run link any more.
      const again = await startUntil(START, env, /Ready on/, 120_000);
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 1_000));
      expect(again.output()).not.toContain("/setup?token=");
      again.child.kill("SIGTERM");
      expect(await exited(again.child)).toBe(0);
    },
  );
});
