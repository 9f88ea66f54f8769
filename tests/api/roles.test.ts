import { describe, expect, it } from "vitest";
import { GET as listRoute } from "@/app/api/accounts/route";
import { DELETE as removeRoute, PATCH as roleRoute } from "@/app/api/accounts/[id]/route";
import { POST as createRoute } from "@/app/api/auth/create-subaccount/route";
import { GET as meRoute } from "@/app/api/auth/me/route";
import { PUT as shopRoute } from "@/app/api/shop/route";
import { PUT as noticesRoute } from "@/app/api/shop/notices/route";
import { PUT as settingsRoute } from "@/app/api/settings/route";
import { GET as activityRoute } from "@/app/api/activity/route";
import { GET as deletedRoute } from "@/app/api/repairs/deleted/route";
import { POST as restoreRoute } from "@/app/api/repairs/[id]/restore/route";
import { db } from "@/lib/db";
import { authed, newOwner, PASSWORD, signIn } from "../helpers/auth";
import { run, TSX } from "../helpers/processes";
import { withTestDatabase } from "../helpers/test-database";

// Roles (docs/security.md, Roles): only an owner manages accounts and the
// shop's settings; a shop always keeps an owner.

const database = withTestDatabase();

const ctx = (id: string) => ({ params: Promise.resolve({ id }) });
const remove = (token: string, id: string) =>
  removeRoute(authed(`/api/accounts/${id}`, token, { password: PASSWORD }, "DELETE"), ctx(id));
const setRole = (token: string, id: string, role: unknown) =>
  roleRoute(authed(`/api/accounts/${id}`, token, { role }, "PATCH"), ctx(id));
const idOf = async (email: string) => (await db().user.findUniqueOrThrow({ where: { email } })).id;

let n = 0;
async function shopWithStaff() {
  const owner = await newOwner();
  const ownerToken = (await signIn(owner.email)).accessToken;
  const email = `staff${++n}-${Date.now()}@example.com`;
  const created = await createRoute(
    authed("/api/auth/create-subaccount", ownerToken, { name: "Pere Soler", email, password: PASSWORD }),
  );
  expect(created.status).toBe(201);
  expect((await created.json()).user).toMatchObject({ role: "staff" });
  const staffToken = (await signIn(email)).accessToken;
  return { owner, ownerToken, ownerId: await idOf(owner.email), email, staffToken, staffId: await idOf(email) };
}

describe("what only an owner may do", () => {
  it("refuses staff every owner-only call with 403 ownerOnly, and changes nothing", async () => {
    const { owner, ownerId, staffToken, staffId } = await shopWithStaff();
    const shopBefore = await db().shop.findUniqueOrThrow({ where: { id: owner.shopId } });
    const calls: [string, () => Promise<Response>][] = [
      ["remove the owner", () => remove(staffToken, ownerId)],
      ["make itself owner", () => setRole(staffToken, staffId, "owner")],
      ["make the owner staff", () => setRole(staffToken, ownerId, "staff")],
      [
        "add an account",
        () =>
          createRoute(
            authed("/api/auth/create-subaccount", staffToken, {
              name: "Nou",
              email: `new-${Date.now()}@example.com`,
              password: PASSWORD,
            }),
          ),
      ],
      [
        "change the shop's identity",
        () => shopRoute(authed("/api/shop", staffToken, { legal_name: "Altra SL" }, "PUT")),
      ],
      ["change the numbering", () => shopRoute(authed("/api/shop", staffToken, { next_repair_number: 500 }, "PUT"))],
      ["change the warranty", () => shopRoute(authed("/api/shop", staffToken, { warranty_months: 24 }, "PUT"))],
      ["change the notices", () => noticesRoute(authed("/api/shop/notices", staffToken, { ready: false }, "PUT"))],
      ["read the activity log", () => activityRoute(authed("/api/activity", staffToken))],
      ["download the activity log", () => activityRoute(authed("/api/activity?format=xlsx", staffToken))],
      ["list the deleted repairs", () => deletedRoute(authed("/api/repairs/deleted", staffToken))],
      [
        "restore a deleted repair",
        () =>
          restoreRoute(authed(`/api/repairs/${staffId}/restore`, staffToken, {}), {
            params: Promise.resolve({ id: staffId }),
          }),
      ],
      [
        "change the shop's time zone (and its own language with it: all or nothing)",
        () =>
          settingsRoute(authed("/api/settings", staffToken, { language: "ca", time_zone: "Atlantic/Canary" }, "PUT")),
      ],
    ];
    for (const [what, call] of calls) {
      const refused = await call();
      expect(refused.status, what).toBe(403);
      expect(await refused.json(), what).toMatchObject({
        code: "ownerOnly",
        error: "Only the shop's owner can do this",
      });
    }
    expect(await db().user.count({ where: { shopId: owner.shopId, removedAt: null } })).toBe(2);
    expect((await db().user.findUniqueOrThrow({ where: { id: ownerId } })).role).toBe("owner");
    expect(await db().user.findUniqueOrThrow({ where: { id: staffId } })).toMatchObject({
      role: "staff",
      language: "en",
    });
    expect(await db().shop.findUniqueOrThrow({ where: { id: owner.shopId } })).toEqual(shopBefore);
    // Their own language is theirs to choose.
    expect((await settingsRoute(authed("/api/settings", staffToken, { language: "es" }, "PUT"))).status).toBe(200);
    // What staff see of themselves and their colleagues says who is who.
    expect(await (await meRoute(authed("/api/auth/me", staffToken))).json()).toMatchObject({ role: "staff" });
    const { accounts } = await (await listRoute(authed("/api/accounts", staffToken))).json();
    expect(accounts.map((a: { role: string }) => a.role)).toEqual(["owner", "staff"]);
  });
});

describe("a shop keeps an owner", () => {
  it("never lets the last owner be made staff, and lets ownership be handed over", async () => {
    const { ownerToken, ownerId, staffToken, staffId } = await shopWithStaff();
    const last = await setRole(ownerToken, ownerId, "staff");
    expect(last.status).toBe(409);
    expect(await last.json()).toMatchObject({ code: "lastOwner" });
    expect((await setRole(ownerToken, staffId, "chief")).status).toBe(400);

    // Handed over: the staff member becomes an owner, then the first one steps down.
    expect(await (await setRole(ownerToken, staffId, "owner")).json()).toMatchObject({ id: staffId, role: "owner" });
    expect((await setRole(ownerToken, ownerId, "staff")).status).toBe(200);
    const refused = await setRole(ownerToken, staffId, "staff");
    expect(refused.status).toBe(403);
    // The new owner is now the last one.
    expect((await setRole(staffToken, staffId, "staff")).status).toBe(409);
  });

  it("lets an owner remove another owner while one stays, never the last, and two owners removing each other leave one", async () => {
    const { ownerToken, ownerId, staffToken, staffId } = await shopWithStaff();
    expect((await setRole(ownerToken, staffId, "owner")).status).toBe(200);
    const [one, other] = await Promise.all([remove(ownerToken, staffId), remove(staffToken, ownerId)]);
    // One goes through; the other finds its caller removed (401, or 403 once no longer an owner).
    const statuses = [one.status, other.status];
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 200).every((status) => [401, 403].includes(status))).toBe(true);
    const owners = await db().user.findMany({ where: { id: { in: [ownerId, staffId] }, removedAt: null } });
    expect(owners).toHaveLength(1);
    expect(owners[0].role).toBe("owner");
  });

  it("lets the operator's commands reach a removed account by the address it had, and bring it back while its shop has room", async () => {
    const { ownerToken, email, staffId } = await shopWithStaff();
    expect((await remove(ownerToken, staffId)).status).toBe(200);
    const env = { DATABASE_URL: database.url() };
    const unlocked = await run([...TSX, "scripts/account-unlock.ts", "--email", email], env);
    expect(unlocked.code).toBe(0);
    expect(unlocked.stdout).toContain("npm run account:reset-password brings it back");

    // Its shop filled meanwhile (an owner and two new staff): it cannot come back, and nothing changes.
    const shop = (await db().user.findUniqueOrThrow({ where: { id: staffId } })).shopId;
    const extra = [`extra1-${Date.now()}@example.com`, `extra2-${Date.now()}@example.com`];
    for (const address of extra) {
      const created = await createRoute(
        authed("/api/auth/create-subaccount", ownerToken, { name: "Extra", email: address, password: PASSWORD }),
      );
      expect(created.status).toBe(201);
    }
    const NEW = "Brand-New-Horse-77";
    const full = await run([...TSX, "scripts/account-reset-password.ts", "--email", email], env, `${NEW}\n`);
    expect(full.code).toBe(1);
    expect(full.stderr).toContain("its shop has its 3 accounts");
    expect((await db().user.findUniqueOrThrow({ where: { id: staffId } })).removedAt).not.toBeNull();

    const removedExtra = await idOf(extra[0]);
    expect((await remove(ownerToken, removedExtra)).status).toBe(200);
    const back = await run([...TSX, "scripts/account-reset-password.ts", "--email", email], env, `${NEW}\n`);
    expect(back.code).toBe(0);
    expect(back.stdout).toContain(`The account ${email}, removed on`);
    const user = await db().user.findUniqueOrThrow({ where: { id: staffId } });
    expect(user).toMatchObject({ email, removedAt: null, removedEmail: null, shopId: shop, role: "staff" });
    expect((await signIn(email, NEW)).accessToken).toEqual(expect.any(String));
  });

  it("gives the operator a command that makes an account an owner", async () => {
    const { email, staffId } = await shopWithStaff();
    const made = await run([...TSX, "scripts/account-make-owner.ts", "--email", email.toUpperCase()], {
      DATABASE_URL: database.url(),
    });
    expect(made.code).toBe(0);
    expect(made.stdout).toContain(`${email} is now an owner of its shop.`);
    expect((await db().user.findUniqueOrThrow({ where: { id: staffId } })).role).toBe("owner");
    const unknown = await run([...TSX, "scripts/account-make-owner.ts", "--email", "nobody@example.com"], {
      DATABASE_URL: database.url(),
    });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No account has the email nobody@example.com.");
  });
});
