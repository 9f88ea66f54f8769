// npm run test:compose: the self-hosting promise, `docker compose up`, proven
// with real containers from clean clones. The previous release (the commit
// before the newest migration) is built and filled through the API, then the
// clone of HEAD is built over its volumes: the migrations apply with the data
// in place. On that stack: a shop made with `exec app npm run shop:create`, a
// repair and a photo through the published port, `restart` and `down` + `up`,
// a stop with a request in flight, a backup; then a fresh stack's first-run
// link, and the backup restored into another fresh stack. Every wait is
// bounded; each check is printed as it passes.
//
// Needs Docker with Compose (v2's `docker compose`, or `docker-compose`; on
// the CI machines, the podman stand-ins of ../shared/containers) and port
// 3000 free. Only committed work is tested (the clones are of HEAD).
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";

const REPO = path.resolve(import.meta.dirname, "../..");
const PROJECT = "rdcompose";
const BASE = "http://127.0.0.1:3000";
const work = mkdtempSync(path.join(tmpdir(), "rd-compose-"));
const started = performance.now();
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

// ---------------------------------------------------------------- commands

const COMPOSE =
  spawnSync("docker", ["compose", "version"], { encoding: "utf8" }).status === 0
    ? ["docker", "compose"]
    : ["docker-compose"];

/** The engine's own command, for what Compose does not report (a container's state, an image's size). */
const ENGINE = spawnSync("docker", ["--version"]).status === 0 ? "docker" : "podman";

type Run = { status: number | null; stdout: string; stderr: string; bytes: Buffer };

/** A command, bounded by `timeoutMs`; its output is kept (and shown when a check fails). */
function sh(command: string[], options: { cwd?: string; input?: string | Buffer; timeoutMs?: number } = {}): Run {
  const result = spawnSync(command[0], command.slice(1), {
    cwd: options.cwd,
    input: options.input,
    timeout: options.timeoutMs ?? 60_000,
    maxBuffer: 256 * 1024 * 1024,
  });
  const bytes = result.stdout ?? Buffer.alloc(0);
  return { status: result.status, stdout: bytes.toString(), stderr: result.stderr?.toString() ?? "", bytes };
}

function must(run: Run, what: string): Run {
  if (run.status !== 0) throw new Error(`${what} failed (${run.status}):\n${(run.stdout + run.stderr).slice(-4000)}`);
  return run;
}

const compose = (dir: string, args: string[], options: { input?: string | Buffer; timeoutMs?: number } = {}) =>
  sh([...COMPOSE, "-p", PROJECT, ...args], { cwd: dir, ...options });

/** A compose command that lets this process go on meanwhile (a request it sends must keep going). */
function composeAsync(dir: string, args: string[], timeoutMs: number): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(COMPOSE[0], [...COMPOSE.slice(1), "-p", PROJECT, ...args], { cwd: dir, stdio: "ignore" });
    const timer = setTimeout(() => child.kill(), timeoutMs);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

/** A container's state as the engine reports it. */
function inspect(dir: string, service: string): { Status: string; ExitCode: number; Health?: { Status: string } } {
  const id = must(compose(dir, ["ps", "-q", service]), `ps ${service}`).stdout.trim();
  assert.ok(id, `no ${service} container`);
  return JSON.parse(must(sh([ENGINE, "inspect", "--format", "{{json .State}}", id]), "inspect").stdout);
}

/** The size of the image the app's container runs, in MB. */
function imageSize(dir: string) {
  const id = must(compose(dir, ["ps", "-q", "app"]), "ps app").stdout.trim();
  const image = must(sh([ENGINE, "inspect", "--format", "{{.Image}}", id]), "inspect").stdout.trim();
  return Math.round(
    Number(must(sh([ENGINE, "image", "inspect", "--format", "{{.Size}}", image]), "image").stdout) / 1e6,
  );
}

async function waitFor<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined> | T | undefined) {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s${last ? ` (${(last as Error).message})` : ""}`);
}

/** The app answering through the published port, then both services healthy; seconds to the first answer. */
async function healthy(dir: string, since = performance.now()) {
  await waitFor("/api/health through the port", 180_000, async () =>
    (await fetch(`${BASE}/api/health`)).ok ? true : undefined,
  );
  const answered = Number(seconds(since));
  // The engine's own health checks (Docker runs the app's first one 30 s after it starts).
  await waitFor("both services healthy", 240_000, () =>
    ["db", "app"].every((service) => inspect(dir, service).Health?.Status === "healthy") ? true : undefined,
  );
  return answered;
}

/** `up -d` until both services are healthy; seconds until the app first answered. */
async function up(dir: string) {
  const since = performance.now();
  must(compose(dir, ["up", "-d"], { timeoutMs: 180_000 }), "up -d");
  return healthy(dir, since);
}

function clone(name: string, revision: string) {
  const dir = path.join(work, name);
  must(sh(["git", "clone", "-q", "--no-hardlinks", REPO, dir], { timeoutMs: 120_000 }), "git clone");
  must(sh(["git", "checkout", "-q", revision], { cwd: dir }), `git checkout ${revision}`);
  return dir;
}

function build(dir: string) {
  const since = performance.now();
  must(compose(dir, ["build"], { timeoutMs: 20 * 60_000 }), "build");
  return Number(seconds(since));
}

// ---------------------------------------------------------------- the API

type Owner = { shop: string; name: string; email: string; password: string };
const owner = (shop: string, email: string): Owner => ({
  shop,
  name: "Anna Vidal",
  email,
  password: `Rd-${randomBytes(6).toString("hex")}-Aa1!`,
});

async function call(token: string, pathname: string, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(`${BASE}/api${pathname}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body instanceof FormData || init.body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: init.body instanceof FormData ? init.body : init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, json: text.startsWith("{") ? JSON.parse(text) : text };
}

async function signIn({ email, password }: Owner) {
  const { status, json } = await call("", "/auth/login", { body: { email, password } });
  assert.equal(status, 200, `sign-in of ${email}: ${JSON.stringify(json)}`);
  return json.accessToken as string;
}

function shopCreate(dir: string, o: Owner) {
  const args = ["--shop", o.shop, "--name", o.name, "--email", o.email, "--password", o.password];
  must(compose(dir, ["exec", "-T", "app", "npm", "run", "shop:create", "--", ...args]), "exec app npm run shop:create");
}

const photo = (label: number) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: label, g: 90, b: 40 } } })
    .jpeg()
    .toBuffer();

type Kept = { id: string; number: string; photoUrl: string; photoBytes: Buffer };

/** A repair with a photo, created through the published port, and the photo's bytes as served. */
async function repairWithPhoto(token: string, number: string): Promise<Kept> {
  const created = await call(token, "/repairs", {
    body: { repair_number: number, customer_name: "Joana Ferrer", item_description: "Rellotge de butxaca" },
  });
  assert.equal(created.status, 201, JSON.stringify(created.json));
  const form = new FormData();
  form.append("photos", new Blob([new Uint8Array(await photo(number.length * 20))], { type: "image/jpeg" }), "a.jpg");
  const uploaded = await call(token, `/repairs/${created.json.id}/photos`, { body: form });
  assert.equal(uploaded.status, 201, JSON.stringify(uploaded.json));
  const photoUrl = uploaded.json.photos[0].url as string;
  return { id: created.json.id, number, photoUrl, photoBytes: await served(photoUrl) };
}

async function served(url: string) {
  const response = await fetch(`${BASE}${url}`);
  assert.equal(response.status, 200, `photo ${url}`);
  return Buffer.from(await response.arrayBuffer());
}

/** The repair and its photo read back as they were. */
async function readBack(token: string, kept: Kept) {
  const { status, json } = await call(token, `/repairs/${kept.id}`);
  assert.equal(status, 200, `repair ${kept.number}`);
  assert.equal(json.repair_number, kept.number);
  assert.equal(json.photos.length >= 1, true, `photos of ${kept.number}`);
  assert.ok((await served(kept.photoUrl)).equals(kept.photoBytes), `photo of ${kept.number} unchanged`);
  return json;
}

/** A photo upload whose body takes `ms` to send: a request in flight. */
function slowUpload(token: string, repairId: string, jpeg: Buffer, ms: number): Promise<number> {
  const boundary = "----rdcompose";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="slow.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const body = Buffer.concat([head, jpeg, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return new Promise((resolve, reject) => {
    const req = request(`${BASE}/api/repairs/${repairId}/photos`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "content-length": body.length,
      },
    });
    req.on("response", (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    req.on("error", reject);
    const pieces = 10;
    const size = Math.ceil(body.length / pieces);
    let sent = 0;
    const next = () => {
      req.write(body.subarray(sent * size, (sent + 1) * size));
      if (++sent < pieces) setTimeout(next, ms / pieces);
      else req.end();
    };
    next();
  });
}

// ---------------------------------------------------------------- the checks

let step = 0;
async function check(what: string, run: () => Promise<unknown> | unknown) {
  const since = performance.now();
  step += 1;
  const said = await run();
  console.log(`ok ${step} - ${what} (${seconds(since)} s)${typeof said === "string" ? `: ${said}` : ""}`);
}

function envFile(dir: string, leaveOut?: string) {
  const values: Record<string, string> = {
    POSTGRES_PASSWORD: secrets.postgres,
    JWT_SECRET: secrets.jwt,
    ENCRYPTION_KEY: secrets.key,
    APP_URL: "http://localhost:3000",
  };
  if (leaveOut) delete values[leaveOut];
  writeFileSync(
    path.join(dir, ".env"),
    Object.entries(values)
      .map(([k, v]) => `${k}=${v}\n`)
      .join(""),
  );
}
const secrets = {
  postgres: randomBytes(16).toString("hex"),
  jwt: randomBytes(32).toString("hex"),
  key: randomBytes(32).toString("hex"),
};

/** The commit before the one that added the newest migration: the release a shop upgrades from. */
function previousRelease() {
  if (process.env.COMPOSE_PREVIOUS) return process.env.COMPOSE_PREVIOUS;
  // A shallow clone lacks the history that says which commit that was.
  if (sh(["git", "rev-parse", "--is-shallow-repository"], { cwd: REPO }).stdout.trim() === "true")
    must(sh(["git", "fetch", "-q", "--unshallow"], { cwd: REPO, timeoutMs: 300_000 }), "git fetch --unshallow");
  const migrations = readdirSync(path.join(REPO, "prisma/migrations")).filter((name) => /^\d{14}_/.test(name));
  const newest = migrations.sort().at(-1)!;
  const added = must(
    sh(["git", "log", "--diff-filter=A", "--format=%H", "-1", "--", `prisma/migrations/${newest}`], { cwd: REPO }),
    "git log",
  ).stdout.trim();
  assert.ok(added, `the commit that added ${newest} (a shallow clone lacks it: set COMPOSE_PREVIOUS)`);
  return `${added}^`;
}

async function main() {
  console.log(
    `compose test with: ${COMPOSE.join(" ")} (${must(sh([...COMPOSE, "version"]), "version").stdout.split("\n")[0]})`,
  );
  const head = clone("head", "HEAD");
  const cleanUp = () => compose(head, ["down", "-v", "--remove-orphans"], { timeoutMs: 120_000 });
  // A stack of an interrupted run goes first; anything else on the port would answer for the app.
  cleanUp();
  const taken = await fetch(BASE).then(
    () => true,
    () => false,
  );
  assert.ok(!taken, `${BASE} already answers: stop what listens on port 3000 first`);
  const previousRevision = previousRelease();
  const previous = clone("previous", previousRevision);

  try {
    await check("a missing .env value stops `up` with the compose file's message, creating nothing", () => {
      envFile(head, "JWT_SECRET");
      const refused = compose(head, ["up", "-d"], { timeoutMs: 60_000 });
      assert.notEqual(refused.status, 0);
      assert.match(refused.stdout + refused.stderr, /set JWT_SECRET in \.env/);
      assert.equal(compose(head, ["ps", "-q"]).stdout.trim(), "");
      envFile(head);
      envFile(previous);
    });

    const first = owner("Rellotgeria Vidal", "anna@vidal.example");
    let old: Kept;
    await check(
      `the previous release (${previousRevision}) builds, starts and takes a repair with a photo`,
      async () => {
        const took = build(previous);
        await up(previous);
        shopCreate(previous, first);
        old = await repairWithPhoto(await signIn(first), "R-OLD-1");
        must(compose(previous, ["down"], { timeoutMs: 120_000 }), "down");
        return `built in ${took} s`;
      },
    );

    let imageMb = 0;
    await check("HEAD builds from a clean clone", () => `built in ${build(head)} s`);
    let token = "";
    await check(
      "upgrading over the previous release's volumes applies the migrations with the data in place",
      async () => {
        const took = await up(head);
        imageMb = imageSize(head);
        token = await signIn(first);
        const repair = await readBack(token, old);
        assert.equal(typeof repair.version, "number");
        const applied = must(
          compose(head, [
            "exec",
            "-T",
            "db",
            "psql",
            "-U",
            "repairs",
            "-d",
            "repairs",
            "-tAc",
            "SELECT count(*) FROM _prisma_migrations WHERE finished_at IS NOT NULL",
          ]),
          "psql",
        ).stdout.trim();
        const expected = readdirSync(path.join(head, "prisma/migrations")).filter((n) => /^\d{14}_/.test(n)).length;
        assert.equal(Number(applied), expected);
        return `answering ${took} s after up, ${applied} migrations applied; image ${imageMb} MB`;
      },
    );

    const second = owner("Joieria Nova", "marc@nova.example");
    let fresh: Kept;
    let secondToken = "";
    await check(
      "`exec app npm run shop:create` makes a shop; a repair and its photo read back through the port",
      async () => {
        shopCreate(head, second);
        secondToken = await signIn(second);
        fresh = await repairWithPhoto(secondToken, "R-NEW-1");
        await readBack(secondToken, fresh);
        // Each shop sees only its own.
        assert.equal((await call(secondToken, `/repairs/${old.id}`)).status, 404);
      },
    );

    await check("`restart app` keeps the repairs and the photos", async () => {
      must(compose(head, ["restart", "app"], { timeoutMs: 90_000 }), "restart");
      await healthy(head);
      await readBack(await signIn(first), old);
      await readBack(await signIn(second), fresh);
    });

    await check("`down` and `up -d` keep them too", async () => {
      must(compose(head, ["down"], { timeoutMs: 120_000 }), "down");
      await up(head);
      await readBack(await signIn(second), fresh);
      await readBack(await signIn(first), old);
    });

    await check("`stop` lets a request in flight finish and exits 0 within the grace period", async () => {
      secondToken = await signIn(second);
      const upload = slowUpload(secondToken, fresh.id, await photo(200), 4_000);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const since = performance.now();
      assert.equal(await composeAsync(head, ["stop", "app"], 60_000), 0, "stop");
      const took = Number(seconds(since));
      assert.equal(await upload, 201);
      const state = inspect(head, "app");
      assert.equal(state.ExitCode, 0, `exit code ${state.ExitCode}`);
      assert.ok(took < 30, `stopped in ${took} s`);
      await up(head);
      const { json } = await call(await signIn(second), `/repairs/${fresh.id}`);
      assert.equal(json.photos.length, 2, "the photo sent while stopping was kept");
      return `stopped in ${took} s`;
    });

    const archive = path.join(work, "backup.tar.gz");
    await check("`exec app npm run backup` writes a private archive in the volume, copied off the machine", () => {
      must(
        compose(head, ["exec", "-T", "app", "npm", "run", "backup", "--", "--out", "/data/backups/ci.tar.gz"]),
        "backup",
      );
      const mode = must(compose(head, ["exec", "-T", "app", "stat", "-c", "%a", "/data/backups/ci.tar.gz"]), "stat");
      assert.equal(mode.stdout.trim(), "600");
      writeFileSync(archive, must(compose(head, ["exec", "-T", "app", "cat", "/data/backups/ci.tar.gz"]), "cat").bytes);
      return `${Math.round(readFileSync(archive).length / 1024)} KB`;
    });

    let coldStart = 0;
    await check("a fresh stack prints the first-run link, which makes the first shop once", async () => {
      must(compose(head, ["down", "-v"], { timeoutMs: 120_000 }), "down -v");
      coldStart = await up(head);
      const logs = await waitFor("the first-run link in the app's log", 30_000, () =>
        /\/setup\?token=([\w-]+)/.exec(compose(head, ["logs", "app"]).stdout)?.[1]
          ? compose(head, ["logs", "app"]).stdout
          : undefined,
      );
      assert.match(logs, /docker compose exec app npm run shop:create/);
      const token = /\/setup\?token=([\w-]+)/.exec(logs)![1];
      const setup = owner("Taller Puig", "pau@puig.example");
      const body = { token, shopName: setup.shop, name: setup.name, email: setup.email, password: setup.password };
      assert.equal((await call("", "/setup", { body })).status, 201);
      assert.notEqual((await call("", "/setup", { body: { ...body, email: "other@puig.example" } })).status, 201);
      await signIn(setup);
      return `answering ${coldStart} s after up on empty volumes`;
    });

    await check(
      "the archive restored into another fresh stack brings back both shops, their repairs and photos",
      async () => {
        must(compose(head, ["down", "-v"], { timeoutMs: 120_000 }), "down -v");
        await up(head);
        const input = readFileSync(archive);
        must(compose(head, ["exec", "-T", "app", "sh", "-c", "cat > /data/backups/in.tar.gz"], { input }), "copy in");
        must(
          compose(head, ["exec", "-T", "app", "npm", "run", "restore", "--", "/data/backups/in.tar.gz"], {
            timeoutMs: 180_000,
          }),
          "restore",
        );
        await readBack(await signIn(first), old);
        await readBack(await signIn(second), fresh);
      },
    );

    console.log(
      `\ncompose test passed in ${seconds(started)} s; image ${imageMb} MB; cold start (empty volumes) ${coldStart} s`,
    );
  } finally {
    cleanUp();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`\nnot ok ${step} - ${(error as Error).message}`);
  process.exitCode = 1;
});
