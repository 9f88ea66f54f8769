import { SignJWT } from "jose";
import sharp from "sharp";
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { POST as createSubaccount } from "@/app/api/auth/create-subaccount/route";
import { POST as disable2fa } from "@/app/api/auth/disable-2fa/route";
import { GET as meRoute } from "@/app/api/auth/me/route";
import { POST as refreshRoute } from "@/app/api/auth/refresh-token/route";
import { POST as setup2fa } from "@/app/api/auth/setup-2fa/route";
import { POST as verify2fa } from "@/app/api/auth/verify-2fa/route";
import { POST as exportRoute } from "@/app/api/export/excel/route";
import { POST as createRoute } from "@/app/api/repairs/route";
import { POST as signaturesRoute } from "@/app/api/repairs/[id]/signatures/route";
import { limits, storedKey } from "@/lib/rate-limit";
import { MAX_WAITING, runInLane, workerPoolStats } from "@/lib/auth/worker-pool";
import { LOCKOUT, lockMinutes, pruneLockouts, recordFailure, unlockAccount } from "@/lib/auth/lockout";
import { signAccessToken } from "@/lib/auth/tokens";
import { createDb, db, rows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";
import { exportThreadStats, MAX_THREADS, THREAD_NICE } from "@/lib/export/thread";
import { errorResponse } from "@/lib/http/respond";
import { authed, awayFromStepEdge, bearer, loginAs, newOwner, PASSWORD, signIn, totpAt } from "../helpers/auth";
import { jsonRequest } from "../helpers/requests";
import { IDLE_CLASS, processThreads } from "../helpers/threads";
import { createRepair, repairInput, shopSession, uploadPhotos } from "../helpers/repairs";
import { withTestDatabase } from "../helpers/test-database";

// What the outside security review of 2026-11-23 broke or found missing
// (issue "Hardening"), each as the user-visible promise it makes.

const database = withTestDatabase();

const MB = 1024 * 1024;

/** A body that arrives in pieces, with no declared length, as a slow or lying client sends it. */
function streamed(total: number, prefix = '{"email":"a@b.co","password":"'): ReadableStream<Uint8Array> {
  let sent = 0;
  const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
  return new ReadableStream({
    pull(controller) {
      if (sent === 0) controller.enqueue(new TextEncoder().encode(prefix));
      if (sent >= total) return controller.close();
      controller.enqueue(chunk);
      sent += chunk.length;
    },
  });
}

const loginWith = (body: BodyInit, headers: Record<string, string> = {}) =>
  import("@/app/api/auth/login/route").then(({ POST }) =>
    POST(
      new Request("http://localhost/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body,
        duplex: "half",
      } as RequestInit),
    ),
  );

describe("request bodies are capped while they stream", () => {
  it("refuses a 30 MB password with a 413, declared (unread) or not (read no further than 24 MB)", async () => {
    const huge = JSON.stringify({ email: "a@b.co", password: "x".repeat(30 * MB) });
    const declared = await loginWith(huge, { "content-length": String(huge.length) });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ code: "bodyTooLarge", error: "The request is too large" });

    let pulled = 0;
    const body = streamed(30 * MB);
    const counting = body.pipeThrough(
      new TransformStream({
        transform(c, ctl) {
          pulled += c.byteLength;
          ctl.enqueue(c);
        },
      }),
    );
    const undeclared = await loginWith(counting);
    expect(undeclared.status).toBe(413);
    // Past the cap it read on only as a lingering close does (24 MB), never to the end of the 30 MB.
    expect(pulled).toBeLessThan(25 * MB);

    // A body over the cap but within that bound is read to its end, so the client reads the answer.
    pulled = 0;
    const within = streamed(3 * MB).pipeThrough(
      new TransformStream({
        transform(c, ctl) {
          pulled += c.byteLength;
          ctl.enqueue(c);
        },
      }),
    );
    expect((await loginWith(within)).status).toBe(413);
    expect(pulled).toBeGreaterThanOrEqual(3 * MB);
  });

  it("gives repairs room for long notes, and no more", async () => {
    const { api, token } = await shopSession();
    expect(
      (
        await api.create({
          repair_number: "R-1",
          customer_name: "Ana",
          item_description: "Ring",
          notes: "n".repeat(5000),
        })
      ).status,
    ).toBe(201);
    const tooBig = await import("@/app/api/repairs/route").then(({ POST }) =>
      POST(
        authed("/api/repairs", token, {
          repair_number: "R-2",
          customer_name: "Ana",
          item_description: "x".repeat(200_000),
        }),
      ),
    );
    expect(tooBig.status).toBe(413);
  });

  it("caps the parts of a photo upload", async () => {
    const { api, token } = await shopSession();
    const repair = await createRepair(api);
    const form = new FormData();
    for (let i = 0; i < 20; i++) form.append("note", "x");
    const response = await uploadPhotos(token, repair.id, form);
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe("tooManyPhotos");
  });
});

describe("nothing a client sends becomes a 500", () => {
  it("answers a NUL character in any text field with a 400 naming the field", async () => {
    const login = await loginAs("owner\u0000@example.com", "x");
    expect(login.status).toBe(400);
    expect(await login.json()).toMatchObject({ code: "textInvalid", fields: { email: "textInvalid" } });

    const { api } = await shopSession();
    const create = await api.create({ repair_number: "R-9", customer_name: "Ana\u0000", item_description: "Ring" });
    expect(create.status).toBe(400);
    expect((await create.json()).fields).toEqual({ customer_name: "textInvalid" });
    const repair = await createRepair(api);
    const quote = await api.quote(repair.id, { amount: 10, notes: "a\u0000b" });
    expect(quote.status).toBe(400);
    expect((await api.update(repair.id, { notes: "\u0000" })).status).toBe(400);
    expect((await api.list(`?search=${encodeURIComponent("a\u0000")}`)).status).toBe(400);
  });

  it("refuses a body nested past 32 levels with a 400 before walking it, signed in or not, on every JSON route", async () => {
    const { token, api } = await shopSession();
    const repair = await createRepair(api);
    const nested = (depth: number) => `{"a":${"[".repeat(depth - 1)}${"]".repeat(depth - 1)}}`;
    const raw = (path: string, body: string) =>
      new Request(`http://localhost${path}`, {
        method: "POST",
        headers: { ...bearer(token), "content-type": "application/json" },
        body,
      });
    const routes: [string, number, (body: string) => Promise<Response>][] = [
      ["sign-in", 4 * 1024, (body) => loginWith(body)],
      ["new repair", 64 * 1024, (body) => createRoute(raw("/api/repairs", body))],
      [
        "signature",
        720 * 1024,
        (body) =>
          signaturesRoute(raw(`/api/repairs/${repair.id}/signatures`, body), {
            params: Promise.resolve({ id: repair.id }),
          }),
      ],
    ];
    for (const [name, cap, send] of routes) {
      const depths = [33, 2_040, 5_000, 30_000, 300_000].filter((depth) => nested(depth).length <= cap);
      expect(depths.length, name).toBeGreaterThan(1);
      for (const depth of depths) {
        const response = await send(nested(depth));
        expect(response.status, `${name}, depth ${depth}`).toBe(400);
        expect((await response.json()).code, `${name}, depth ${depth}`).toBe("jsonTooDeep");
      }
      // 32 levels are read, and answered by the route's own schema.
      const shallow = await send(nested(32));
      expect(shallow.status, name).toBe(400);
      expect((await shallow.json()).code, name).not.toBe("jsonTooDeep");
    }
    // Brackets inside strings are text, not depth.
    const text = await api.create(repairInput({ notes: "[".repeat(4_000) + '\\"{'.repeat(100) }));
    expect(text.status).toBe(201);
    // A NUL still names its field, however far down it sits.
    const deepNul = await api.create(repairInput({ photos_meta: { a: { b: ["x\u0000"] } } }));
    expect(deepNul.status).toBe(400);
    expect((await deepNul.json()).fields).toEqual({ "photos_meta.a.b.0": "textInvalid" });
  });

  it("answers cursors out of any real date's range with a 400", async () => {
    const { api } = await shopSession();
    const id = "00000000-0000-4000-8000-000000000000";
    for (const at of ["-200000-01-01T00:00:00.000Z", "+200000-01-01T00:00:00.000Z", "0001-01-01T00:00:00.000Z"]) {
      const cursor = Buffer.from(JSON.stringify([at, id])).toString("base64url");
      const response = await api.list(`?cursor=${cursor}`);
      expect(response.status, at).toBe(400);
    }
  });

  it("refuses page numbers deep enough to cost seconds, and keeps the cursor for going deeper", async () => {
    const { api } = await shopSession();
    expect((await api.list("?page=201&limit=50")).status).toBe(200);
    const deep = await api.list("?page=202&limit=50");
    expect(deep.status).toBe(400);
    expect((await deep.json()).error).toBe("This page is too far down the list. Use Load more or narrow the search.");
  });

  // The embedded PGlite runs each statement to its end (one WebAssembly thread, no cancel).
  it.runIf(process.env.TEST_DB_MODE === "server")(
    "cancels a statement that runs past the timeout, and answers that with a 503 that says so",
    async () => {
      expect(env().DB_STATEMENT_TIMEOUT_MS).toBe(5000);
      const client = createDb(database.url(), 1, 50);
      try {
        const viaPg = await rows(client, Prisma.sql`SELECT pg_sleep(2)::text`).catch((e: unknown) => e);
        const viaPrisma = await client.$queryRaw`SELECT pg_sleep(2)::text`.catch((e: unknown) => e);
        for (const error of [viaPg, viaPrisma]) {
          const response = errorResponse(error);
          expect(response.status).toBe(503);
          expect(await response.json()).toEqual({
            code: "queryTimeout",
            error: "This took too long. Please narrow your search and try again.",
          });
        }
      } finally {
        await client.$disconnect();
      }
    },
  );

  it("gives a 2FA code sent as a number a precise message", async () => {
    const owner = await newOwner();
    const response = await loginAs(owner.email, PASSWORD, { twofa_code: 123456 });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe("The 2FA code must be sent as text of 6 digits");
  });

  it("refuses money written the way JavaScript but no person would", async () => {
    const { api } = await shopSession();
    const repair = await createRepair(api);
    for (const amount of ["0x10", "1e3", "Infinity", " "]) {
      const response = await api.quote(repair.id, { amount });
      expect(response.status, amount).toBe(400);
    }
    expect((await (await api.quote(repair.id, { amount: "90,5" })).json()).quote_amount).toBe(90.5);
  });
});

describe("access tokens", () => {
  const key = () => new TextEncoder().encode(env().JWT_SECRET);
  const base = (claims: Record<string, unknown>) =>
    new SignJWT({ typ: "access", ...claims })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer("repair-desk")
      .setAudience("repair-desk:api");

  it("must carry exp and iat, uuids for their ids, and the shop of the session's user", async () => {
    const owner = await newOwner();
    const { accessToken } = await signIn(owner.email);
    const me = (token: string) => meRoute(authed("/api/auth/me", token));
    expect((await me(accessToken)).status).toBe(200);
    const { sid } = JSON.parse(Buffer.from(accessToken.split(".")[1], "base64url").toString()) as { sid: string };
    const now = Math.floor(Date.now() / 1000);

    const noExp = await base({ shop: owner.shopId, sid }).setSubject(owner.userId).setIssuedAt(now).sign(key());
    const noIat = await base({ shop: owner.shopId, sid })
      .setSubject(owner.userId)
      .setExpirationTime(now + 600)
      .sign(key());
    const badSid = await base({ shop: owner.shopId, sid: "not-a-uuid" })
      .setSubject(owner.userId)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(key());
    const other = await newOwner();
    const otherShop = await signAccessToken({ userId: owner.userId, shopId: other.shopId, familyId: sid });
    for (const token of [noExp, noIat, badSid, otherShop]) {
      const response = await me(token);
      expect(response.status).toBe(401);
      expect((await response.json()).code).toBe("unauthorized");
    }
  });
});

describe("2FA changes end the account's other sessions", () => {
  async function twoSessions() {
    const owner = await newOwner();
    const here = await signIn(owner.email);
    const elsewhere = await signIn(owner.email);
    return { owner, here, elsewhere };
  }
  const alive = async (tokens: { accessToken: string; refreshToken: string }) => ({
    access: (await meRoute(authed("/api/auth/me", tokens.accessToken))).status,
    refresh: (await refreshRoute(jsonRequest("/api/auth/refresh-token", { refreshToken: tokens.refreshToken }))).status,
  });

  async function enable(token: string, password = PASSWORD) {
    const { secret } = await (await setup2fa(authed("/api/auth/setup-2fa", token, {}))).json();
    await awayFromStepEdge();
    const response = await verify2fa(
      authed("/api/auth/verify-2fa", token, { code: await totpAt(secret, new Date(Date.now() - 30_000)), password }),
    );
    return { response, secret: secret as string };
  }

  it("asks a session signed in a while ago for the password to turn 2FA on, and ends the other sessions when it is on", async () => {
    const { owner, here, elsewhere } = await twoSessions();
    const { secret } = await (await setup2fa(authed("/api/auth/setup-2fa", here.accessToken, {}))).json();
    const code = await totpAt(secret);
    await db().refreshTokenFamily.updateMany({
      where: { userId: owner.userId },
      data: { createdAt: new Date(Date.now() - 60 * 60_000) },
    });
    const missing = await verify2fa(authed("/api/auth/verify-2fa", here.accessToken, { code }));
    expect(missing.status).toBe(403);
    expect((await missing.json()).error).toBe("Please confirm your password to continue.");
    const wrong = await verify2fa(
      authed("/api/auth/verify-2fa", here.accessToken, { code, password: "Wrong-Password-1" }),
    );
    expect(wrong.status).toBe(403);
    expect((await wrong.json()).error).toBe("Incorrect password");
    expect(await alive(elsewhere)).toEqual({ access: 200, refresh: 200 });

    const right = await verify2fa(authed("/api/auth/verify-2fa", here.accessToken, { code, password: PASSWORD }));
    expect(right.status).toBe(200);
    expect((await meRoute(authed("/api/auth/me", here.accessToken))).status).toBe(200);
    expect(await alive(elsewhere)).toEqual({ access: 401, refresh: 401 });
  });

  it.each(["code", "password"] as const)(
    "ends the other sessions when 2FA is turned off with the %s",
    async (proof) => {
      const owner = await newOwner();
      const here = await signIn(owner.email);
      const { secret } = await enable(here.accessToken);
      const elsewhere = await signIn(owner.email, PASSWORD, { twofa_code: await totpAt(secret) });
      // The current code was just used to sign in elsewhere: let it count once more here.
      await db().user.update({ where: { id: owner.userId }, data: { twofaLastStep: null } });
      const body = proof === "code" ? { code: await totpAt(secret) } : { password: PASSWORD };
      expect((await disable2fa(authed("/api/auth/disable-2fa", here.accessToken, body))).status).toBe(200);
      expect((await meRoute(authed("/api/auth/me", here.accessToken))).status).toBe(200);
      expect((await alive(elsewhere)).access).toBe(401);
    },
  );
});

describe("guessing has a ceiling: the escalating lockout", () => {
  it("locks for 1, 2, 4 ... 256 minutes at every 10th failure, and for good at 100", () => {
    expect([9, 10, 11, 20, 30, 90, 99].map(lockMinutes)).toEqual([0, 1, 0, 2, 4, 256, 0]);
    expect(LOCKOUT.permanentAt).toBe(100);
  });

  it("locks an account after 10 failures in a row, even for the right password, and a known and an unknown email alike", async () => {
    const owner = await newOwner();
    const unknown = `nobody-${Date.now()}@example.com`;
    const answers: Record<string, unknown>[] = [];
    for (const email of [owner.email, unknown]) {
      // Each attempt from its own address and past the per-email window, so only the lockout counts.
      for (let i = 0; i < 10; i++) {
        await db().rateLimit.deleteMany({ where: { key: { startsWith: "login:" } } });
        expect((await loginAs(email, `Wrong-${i}`, {}, `198.51.100.${i}`)).status).toBe(403);
      }
      await db().rateLimit.deleteMany({ where: { key: { startsWith: "login:" } } });
      const locked = await loginAs(email, PASSWORD, {}, "198.51.100.99");
      expect(locked.status).toBe(429);
      const retryAfter = Number(locked.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(50);
      expect(retryAfter).toBeLessThanOrEqual(60);
      answers.push(await locked.json());
    }
    expect(answers[0]).toEqual({ ...answers[1], retryAfter: answers[0].retryAfter });
  });

  it("keeps an account locked after 100 failures until the operator unlocks it", async () => {
    const owner = await newOwner();
    await db().accountLockout.create({ data: { email: owner.email, failures: LOCKOUT.permanentAt - 1 } });
    await recordFailure(db(), owner.email);
    const unknown = `ghost-${Date.now()}@example.com`;
    await db().accountLockout.create({ data: { email: unknown, failures: LOCKOUT.permanentAt } });
    for (const email of [owner.email, unknown]) {
      const response = await loginAs(email, PASSWORD, {}, "198.51.100.200");
      expect(response.status).toBe(423);
      expect(await response.json()).toEqual({
        code: "accountLocked",
        error: "This account is locked after too many failed attempts. Ask your administrator to unlock it.",
      });
    }
    expect(await unlockAccount(db(), owner.email)).toBe(true);
    expect((await loginAs(owner.email, PASSWORD, {}, "198.51.100.201")).status).toBe(200);
    expect(await db().accountLockout.count({ where: { email: owner.email } })).toBe(0);
  });

  it("halves the count for each quiet day below the ceiling, never at it", async () => {
    const owner = await newOwner();
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000 - 60_000);
    await db().accountLockout.create({ data: { email: owner.email, failures: 19, updatedAt: daysAgo(1) } });
    await recordFailure(db(), owner.email);
    // 19 halved once, plus this failure: the 10th, a one-minute lock.
    const row = await db().accountLockout.findUniqueOrThrow({ where: { email: owner.email } });
    expect(row.failures).toBe(10);
    expect(row.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    await db().accountLockout.update({ where: { email: owner.email }, data: { failures: 40, updatedAt: daysAgo(3) } });
    await recordFailure(db(), owner.email);
    expect((await db().accountLockout.findUniqueOrThrow({ where: { email: owner.email } })).failures).toBe(6);
    await db().accountLockout.update({
      where: { email: owner.email },
      data: { failures: LOCKOUT.permanentAt, updatedAt: daysAgo(30) },
    });
    expect((await loginAs(owner.email, PASSWORD, {}, "198.51.100.210")).status).toBe(423);
  });

  it("forgets unknown emails' rows after an hour and rows halved away after a week, never a locked account's", async () => {
    const owner = await newOwner();
    const other = await newOwner();
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    const ghost = `ghost-${Date.now()}@example.com`;
    const fresh = `fresh-${Date.now()}@example.com`;
    await db().accountLockout.createMany({
      data: [
        { email: ghost, failures: 30, updatedAt: hoursAgo(2) },
        { email: fresh, failures: 3, updatedAt: hoursAgo(0) },
        { email: owner.email, failures: 30, updatedAt: hoursAgo(24 * 8) },
        { email: other.email, failures: LOCKOUT.permanentAt, updatedAt: hoursAgo(24 * 30) },
      ],
    });
    await pruneLockouts(db());
    const left = await db().accountLockout.findMany({
      where: { email: { in: [ghost, fresh, owner.email, other.email] } },
      select: { email: true },
    });
    expect(left.map((row) => row.email).sort()).toEqual([fresh, other.email].sort());
  });

  it("stores no email or address in the limits' table, however long the address a request carries", async () => {
    const owner = await newOwner();
    const response = await loginAs(owner.email, "Wrong-password-1", {}, "x".repeat(8000));
    expect(response.status).toBe(403);
    const keys = (await db().rateLimit.findMany({ select: { key: true } })).map((row) => row.key);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key.length).toBeLessThanOrEqual(64);
      expect(key).not.toContain(owner.email);
      expect(key).not.toContain("xxxx");
    }
  });

  it("lets the owner sign in while guesses for unknown emails fill the hashing threads' queue", async () => {
    const owner = await newOwner();
    const { threads } = workerPoolStats();
    // Every thread busy for a while, and the open lane full, as a flood of guesses leaves them.
    const busy = Array.from({ length: threads }, () => runInLane("open", "hash", "x", 12));
    const queued = Array.from({ length: MAX_WAITING.open }, () => runInLane("open", "hash", "x", 4));
    const guess = await loginAs(`nobody-${Date.now()}@example.com`, "Wrong-password-1", {}, "198.51.100.150");
    expect(guess.status).toBe(503);
    const signedIn = await loginAs(owner.email, PASSWORD, {}, "198.51.100.151");
    expect(signedIn.status).toBe(200);
    await Promise.all([...busy, ...queued]);
  });

  it("counts wrong codes and passwords on signed-in calls too, and clears the count on success", async () => {
    const owner = await newOwner();
    const { accessToken } = await signIn(owner.email);
    await setup2fa(authed("/api/auth/setup-2fa", accessToken, {}));
    const wrong = await verify2fa(
      authed("/api/auth/verify-2fa", accessToken, { code: "000000", password: "Not-The-Password-1" }),
    );
    expect(wrong.status).toBe(403);
    expect((await db().accountLockout.findUniqueOrThrow({ where: { email: owner.email } })).failures).toBe(1);
    await signIn(owner.email);
    expect(await db().accountLockout.count({ where: { email: owner.email } })).toBe(0);
  });
});

describe("heavy requests are shared fairly", () => {
  it("runs one export per shop at a time, says so, and frees the slot when the file is sent", async () => {
    const { api, token } = await shopSession();
    await createRepair(api);
    const post = () => exportRoute(authed("/api/export/excel", token, { fields: ["repair_number"] }));
    const first = await post();
    expect(first.status).toBe(200);
    const second = await post();
    expect(second.status).toBe(429);
    expect(await second.json()).toEqual({
      code: "exportBusy",
      error: "An export is already running for this shop. Please wait for it to finish and try again.",
    });
    // Another shop is not held up by this one.
    const other = await shopSession();
    await createRepair(other.api);
    const elsewhere = await exportRoute(authed("/api/export/excel", other.token, { fields: ["repair_number"] }));
    expect(elsewhere.status).toBe(200);
    await elsewhere.arrayBuffer();

    await first.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const third = await post();
    expect(third.status).toBe(200);
    await third.arrayBuffer();
  });

  it("frees the slot when the download is dropped", async () => {
    const { api, token } = await shopSession();
    await createRepair(api);
    const post = () => exportRoute(authed("/api/export/excel", token, { fields: ["repair_number"] }));
    const first = await post();
    await first.body!.cancel();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await post();
    expect(again.status).toBe(200);
    await again.arrayBuffer();
  });
});

/**
 * This process's threads but libvips' (a photo's pixels, lowered too, and kept
 * for the next image), which another file's tests may have left in this process.
 */
const threadsAtNice = (nice: number) =>
  processThreads()
    .filter((thread) => thread.name !== "libvips worker" && thread.nice === nice)
    .map(({ nice, policy }) => ({ nice, policy }));

async function until(done: () => boolean, ms = 10_000) {
  for (const end = Date.now() + ms; !done() && Date.now() < end;) await new Promise((r) => setTimeout(r, 20));
}

describe("an export's file is made off the server's thread", () => {
  it("on a thread of its own at the lowest priority, which stops when the download is dropped or done", async () => {
    const { owner, token } = await shopSession();
    // Enough text that the file outgrows what the thread hands over before the download takes it.
    await db().$executeRaw`
      INSERT INTO repairs (shop_id, repair_number, customer_name, item_description, notes, search_text)
      SELECT ${owner.shopId}::uuid, 'T-' || n, 'Client ' || n, 'Anell', md5(n::text) || md5((n * 7)::text), 'client'
      FROM generate_series(1, 20000) n`;
    const post = () => exportRoute(authed("/api/export/excel", token, { fields: ["repair_number", "notes"] }));
    const before = exportThreadStats();
    expect(before.running).toBe(0);
    expect(threadsAtNice(THREAD_NICE)).toEqual([]);

    const dropped = await post();
    expect(dropped.status).toBe(200);
    // Nobody reads the download: the thread waits, its file half made, at its lower priority.
    await new Promise((r) => setTimeout(r, 300));
    expect(exportThreadStats().running).toBe(1);
    // At nice 10 and, where chrt is (Debian, the Docker image), in the idle class.
    expect(threadsAtNice(THREAD_NICE)).toEqual([
      { nice: THREAD_NICE, policy: existsSync("/usr/bin/chrt") ? IDLE_CLASS : 0 },
    ]);
    await dropped.body!.cancel();
    await until(() => exportThreadStats().running === 0);
    expect(exportThreadStats()).toEqual({ running: 0, made: before.made });
    expect(threadsAtNice(THREAD_NICE)).toEqual([]);

    const whole = await post();
    expect(whole.status).toBe(200);
    const bytes = await whole.arrayBuffer();
    expect(bytes.byteLength).toBeGreaterThan(500_000);
    await until(() => exportThreadStats().running === 0);
    expect(exportThreadStats()).toEqual({ running: 0, made: before.made + 1 });
  });
});

describe("exports across shops", () => {
  it(`makes at most ${MAX_THREADS} files at once, answers another shop "busy, try again", and takes it once one ends`, async () => {
    const shops = [];
    for (let i = 0; i <= MAX_THREADS; i++) {
      const { owner, token } = await shopSession();
      // The fixture's load, not a request: free of the requests' statement
      // timeout, which 20,000 rows can pass while the other test files run.
      await db().$transaction([
        db().$executeRaw`SET LOCAL statement_timeout = 0`,
        db().$executeRaw`
          INSERT INTO repairs (shop_id, repair_number, customer_name, item_description, notes, search_text)
          SELECT ${owner.shopId}::uuid, 'T-' || n, 'Client ' || n, 'Anell', md5(n::text) || md5((n * 7)::text), 'client'
          FROM generate_series(1, 20000) n`,
      ]);
      shops.push(token);
    }
    const post = (token: string) =>
      exportRoute(authed("/api/export/excel", token, { fields: ["repair_number", "notes"] }));
    // Downloads nobody reads yet: each thread waits with its file half made.
    const held = [];
    for (const token of shops.slice(0, MAX_THREADS)) held.push(await post(token));
    expect(held.map((response) => response.status)).toEqual(shops.slice(0, MAX_THREADS).map(() => 200));
    const refused = await post(shops[MAX_THREADS]);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("Retry-After")).toBe("5");
    expect(await refused.json()).toMatchObject({
      code: "busy",
      error: "The server is busy. Please try again in a moment.",
    });
    await held[0].arrayBuffer();
    await until(() => exportThreadStats().running < MAX_THREADS);
    const taken = await post(shops[MAX_THREADS]);
    expect(taken.status).toBe(200);
    await Promise.all([taken, ...held.slice(1)].map((response) => response.arrayBuffer()));
    await until(() => exportThreadStats().running === 0);
    expect(exportThreadStats().running).toBe(0);
  });
});

describe("accounts", () => {
  it("treats look-alike emails (full-width letters, zero-width spaces, case) as the same address", async () => {
    const owner = await newOwner({ email: `marta-${Date.now()}@example.com` });
    const { accessToken } = await signIn(owner.email);
    const [local, domain] = owner.email.split("@");
    const fullWidth = [...local]
      .map((c) => (/[a-z]/.test(c) ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c))
      .join("");
    for (const email of [
      `${fullWidth}@${domain}`,
      `${local.slice(0, 2)}\u200b${local.slice(2)}@${domain}`,
      ` ${owner.email.toUpperCase()}\u200d`,
    ]) {
      const response = await createSubaccount(
        authed("/api/auth/create-subaccount", accessToken, { name: "Twin", email, password: "Another-Horse-42" }),
      );
      expect(response.status, JSON.stringify(email)).toBe(409);
      expect((await response.json()).code).toBe("emailUnavailable");
    }
    expect((await loginAs(`${fullWidth}@${domain}`, PASSWORD)).status).toBe(200);
  });

  it("checks the account limit before anything else, and limits how often accounts are made", async () => {
    const owner = await newOwner();
    const { accessToken } = await signIn(owner.email);
    const create = (i: number) =>
      createSubaccount(
        authed("/api/auth/create-subaccount", accessToken, {
          name: `Staff ${i}`,
          email: `staff${i}-${Date.now()}@example.com`,
          password: "Another-Horse-42",
        }),
      );
    expect((await create(1)).status).toBe(201);
    expect((await create(2)).status).toBe(201);
    const full = await create(3);
    expect(full.status).toBe(422);
    expect((await full.json()).code).toBe("accountLimitReached");
    // A shop that is full is told so every time, without spending the rate limit on it.
    for (let i = 0; i < 12; i++) expect((await create(10 + i)).status).toBe(422);
    const slot = await db().rateLimit.findUnique({
      where: { key: storedKey(limits.subaccountsPerShop(owner.shopId)) },
    });
    expect(slot?.count).toBe(2);
  });

  it("rate limits making accounts per shop", async () => {
    const owner = await newOwner();
    const { accessToken } = await signIn(owner.email);
    // Emails already taken: each attempt passes the limit check and is refused later, so only the rate limit stops them.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await createSubaccount(
        authed("/api/auth/create-subaccount", accessToken, {
          name: "Dup",
          email: owner.email,
          password: "Another-Horse-42",
        }),
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(409));
    expect(statuses[10]).toBe(429);
  });
});

describe("photos", () => {
  it("refuses an image over 40 megapixels before decoding it", async () => {
    const { api, token } = await shopSession();
    const repair = await createRepair(api);
    const big = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: "#fff" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const form = new FormData();
    form.append("photos", new Blob([big as BlobPart], { type: "image/png" }), "huge.png");
    const response = await uploadPhotos(token, repair.id, form);
    expect(response.status).toBe(413);
    expect((await response.json()).error).toBe("This image is larger than 40 megapixels. Please use a smaller one.");
  });
});

describe("auth answers are never cached", () => {
  it("sends Cache-Control: no-store on login, refresh, me and the 2FA secret", async () => {
    const owner = await newOwner();
    const login = await loginAs(owner.email, PASSWORD);
    const tokens = await login.json();
    const answers = [
      login,
      await loginAs(owner.email, "Wrong-Password-9"),
      await refreshRoute(jsonRequest("/api/auth/refresh-token", { refreshToken: tokens.refreshToken })),
      await meRoute(authed("/api/auth/me", tokens.accessToken)),
      await setup2fa(authed("/api/auth/setup-2fa", tokens.accessToken, {})),
    ];
    for (const answer of answers) expect(answer.headers.get("cache-control")).toBe("no-store");
  });
});
