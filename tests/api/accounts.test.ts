import { describe, expect, it } from "vitest";
import { GET as listRoute } from "@/app/api/accounts/route";
import { DELETE as removeRoute } from "@/app/api/accounts/[id]/route";
import { POST as createRoute } from "@/app/api/auth/create-subaccount/route";
import { GET as meRoute } from "@/app/api/auth/me/route";
import { POST as refreshRoute } from "@/app/api/auth/refresh-token/route";
import { GET as historyRoute } from "@/app/api/repairs/[id]/history/route";
import { db } from "@/lib/db";
import { authed, loginAs, newOwner, PASSWORD, signIn } from "../helpers/auth";
import { jsonRequest } from "../helpers/requests";
import { createRepair, repairsClient } from "../helpers/repairs";
import { withTestDatabase } from "../helpers/test-database";

// Staff who leave: Settings lists the shop's accounts, and an owner may
// remove another after typing its own password (tests/api/roles.test.ts: who may). The removed account's
// sessions end at once, its slot and email are free, and the history still
// names what it did.

withTestDatabase();

const ctx = (id: string) => ({ params: Promise.resolve({ id }) });
const list = (token: string) => listRoute(authed("/api/accounts", token));
const remove = (token: string, id: string, body: unknown = { password: PASSWORD }) =>
  removeRoute(authed(`/api/accounts/${id}`, token, body, "DELETE"), ctx(id));

let n = 0;
async function shopWithStaff() {
  const owner = await newOwner();
  const ownerSession = await signIn(owner.email);
  const email = `leaver${++n}-${Date.now()}@example.com`;
  const created = await createRoute(
    authed("/api/auth/create-subaccount", ownerSession.accessToken, { name: "Pere Soler", email, password: PASSWORD }),
  );
  expect(created.status).toBe(201);
  const staffSession = await signIn(email);
  const staffId = (await db().user.findUniqueOrThrow({ where: { email } })).id;
  return { owner, ownerSession, email, staffSession, staffId };
}

describe("a shop's accounts", () => {
  it("lists the shop's accounts with their 2FA and last sign-in, and none of another shop's", async () => {
    const { owner, ownerSession, email } = await shopWithStaff();
    await newOwner();
    const response = await list(ownerSession.accessToken);
    expect(response.status).toBe(200);
    const { accounts } = await response.json();
    expect(accounts).toHaveLength(2);
    expect(accounts[0]).toMatchObject({ email: owner.email, role: "owner", twofa_enabled: false, is_you: true });
    expect(accounts[1]).toMatchObject({ email, name: "Pere Soler", role: "staff", is_you: false });
    for (const account of accounts) {
      expect(Date.now() - Date.parse(account.last_sign_in_at)).toBeLessThan(60_000);
      expect(account).not.toHaveProperty("password_hash");
    }
  });

  it("removes another account after the caller's password: its sessions end at once, its slot and email are free, the history keeps its name", async () => {
    const { ownerSession, email, staffSession, staffId } = await shopWithStaff();
    const staffApi = repairsClient(staffSession.accessToken);
    const repair = await createRepair(staffApi);
    expect((await meRoute(authed("/api/auth/me", staffSession.accessToken))).status).toBe(200);

    const wrong = await remove(ownerSession.accessToken, staffId, { password: "Not-The-Password-1" });
    expect(wrong.status).toBe(403);
    expect((await wrong.json()).code).toBe("passwordIncorrect");
    const missing = await remove(ownerSession.accessToken, staffId, {});
    expect(missing.status).toBe(400);

    const removed = await remove(ownerSession.accessToken, staffId);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ message: "Account removed. Its sessions have ended." });

    // Signed out everywhere, at once.
    expect((await meRoute(authed("/api/auth/me", staffSession.accessToken))).status).toBe(401);
    expect((await staffApi.list()).status).toBe(401);
    const refreshed = await refreshRoute(
      jsonRequest("/api/auth/refresh-token", { refreshToken: staffSession.refreshToken }),
    );
    expect(refreshed.status).toBe(401);
    // Its own session is told why, for the sign-in screen to say it.
    expect((await refreshed.json()).code).toBe("accountRemoved");
    expect((await loginAs(email)).status).toBe(403);

    // Gone from the list; the slot and the email can be used again.
    const { accounts } = await (await list(ownerSession.accessToken)).json();
    expect(accounts.map((a: { email: string }) => a.email)).not.toContain(email);
    const me = await (await meRoute(authed("/api/auth/me", ownerSession.accessToken))).json();
    expect(me.shop_accounts).toBe(1);
    const again = await createRoute(
      authed("/api/auth/create-subaccount", ownerSession.accessToken, {
        name: "Pere Soler",
        email,
        password: PASSWORD,
      }),
    );
    expect(again.status).toBe(201);

    // What the removed account did is still its own in the history.
    const history = await (
      await historyRoute(authed(`/api/repairs/${repair.id}/history`, ownerSession.accessToken), ctx(repair.id))
    ).json();
    expect(history.history.at(-1)).toMatchObject({ kind: "created", by: "Pere Soler" });
  });

  it("refuses removing oneself, an account of another shop, and one already removed", async () => {
    const { ownerSession, staffSession, staffId } = await shopWithStaff();
    const ownId = (await (await list(ownerSession.accessToken)).json()).accounts[0].id;
    const self = await remove(ownerSession.accessToken, ownId);
    expect(self.status).toBe(422);
    expect((await self.json()).code).toBe("cannotRemoveYourself");

    const stranger = await newOwner();
    const strangerSession = await signIn(stranger.email);
    const foreign = await remove(strangerSession.accessToken, staffId);
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).code).toBe("accountNotFound");
    expect((await remove(ownerSession.accessToken, "not-a-uuid")).status).toBe(404);

    // Staff cannot remove the owner; the owner removes the staff account, and a second time it is gone.
    expect((await remove(staffSession.accessToken, ownId)).status).toBe(403);
    expect((await remove(ownerSession.accessToken, staffId)).status).toBe(200);
    expect((await remove(ownerSession.accessToken, staffId)).status).toBe(404);
    expect((await meRoute(authed("/api/auth/me", staffSession.accessToken))).status).toBe(401);
    expect((await meRoute(authed("/api/auth/me", ownerSession.accessToken))).status).toBe(200);
  });

  it("lets only the owner of two accounts removing each other at once succeed", async () => {
    const { ownerSession, staffSession, staffId } = await shopWithStaff();
    const ownId = (await (await list(ownerSession.accessToken)).json()).accounts[0].id;
    const answers = await Promise.all([
      remove(ownerSession.accessToken, staffId),
      remove(staffSession.accessToken, ownId),
    ]);
    expect(answers[0].status).toBe(200);
    expect([401, 403]).toContain(answers[1].status);
    expect(await db().user.count({ where: { id: { in: [ownId, staffId] }, removedAt: null } })).toBe(1);
  });
});
