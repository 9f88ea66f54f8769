import { describe, expect, it } from "vitest";
import { POST as createRoute } from "@/app/api/auth/create-subaccount/route";
import { GET as meRoute } from "@/app/api/auth/me/route";
import { GET as settingsRoute } from "@/app/api/settings/route";
import { db } from "@/lib/db";
import { authed, newOwner, PASSWORD, signIn } from "../helpers/auth";
import { withTestDatabase } from "../helpers/test-database";

withTestDatabase();

const create = (token: string, body: Record<string, unknown>) =>
  createRoute(authed("/api/auth/create-subaccount", token, body));
let n = 0;
const staff = (overrides: Record<string, unknown> = {}) => ({
  name: "Pere Soler",
  email: `staff${++n}-${Date.now()}@example.com`,
  password: PASSWORD,
  ...overrides,
});

async function ownerToken() {
  const owner = await newOwner();
  return { owner, token: (await signIn(owner.email)).accessToken };
}

describe("POST /api/auth/create-subaccount", () => {
  it("creates a staff account in the caller's shop, which signs in as staff", async () => {
    const { owner, token } = await ownerToken();
    const body = staff({
      email: "Pere.Staff@Example.com",
      shopId: "00000000-0000-0000-0000-000000000000",
      role: "owner",
    });
    const response = await create(token, body);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({
      message: "Subaccount created successfully!",
      user: { name: "Pere Soler", email: "pere.staff@example.com", role: "staff" },
    });
    const created = await db().user.findUniqueOrThrow({ where: { email: "pere.staff@example.com" } });
    expect(created).toMatchObject({ shopId: owner.shopId, role: "staff" });

    const { accessToken } = await signIn("pere.staff@example.com");
    const me = await (await meRoute(authed("/api/auth/me", accessToken))).json();
    expect(me).toMatchObject({ role: "staff", shopId: owner.shopId });
    // A staff account may not create accounts: only an owner (tests/api/roles.test.ts).
    expect((await create(accessToken, staff())).status).toBe(403);
  });

  it.each([
    [{ name: "" }, "Name is required"],
    [{ email: "" }, "Email is required"],
    [{ email: "not-an-email" }, "Invalid email format"],
    [{ email: `${"a".repeat(250)}@example.com` }, "Email is too long"],
    [{ password: "" }, "Password is required"],
    [{ password: "Short-1" }, "Password must be at least 12 characters long"],
    [{ password: "no-uppercase-1" }, "Password must contain at least one uppercase letter"],
    [{ password: "NO-LOWERCASE-1" }, "Password must contain at least one lowercase letter"],
    [{ password: "No-Number-Here" }, "Password must contain at least one number"],
    [{ password: "NoSpecial1234" }, "Password must contain at least one special character"],
    [{ password: "Ab1!" + "x".repeat(69) }, "Password must be at most 72 bytes long"],
    [{ password: "Password1234!" }, "This password is too common. Please choose another one"],
  ])("refuses %j with %j and writes nothing", async (override, message) => {
    const { owner, token } = await ownerToken();
    const response = await create(token, staff(override));
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe(message);
    expect(await db().user.count({ where: { shopId: owner.shopId } })).toBe(1);
  });

  it("gives a new account the shop's language: it signs in to the app in Catalan, not English", async () => {
    const { owner, token } = await ownerToken();
    await db().shop.update({ where: { id: owner.shopId }, data: { language: "ca" } });
    const body = staff();
    expect((await create(token, body)).status).toBe(201);
    const { accessToken, user } = await signIn(body.email);
    expect(user.language).toBe("ca");
    expect((await (await settingsRoute(authed("/api/settings", accessToken))).json()).language).toBe("ca");
  });

  it("keeps emails unique across all shops, without saying whether another shop has the address", async () => {
    const other = await newOwner();
    const { owner, token } = await ownerToken();
    const elsewhere = await create(token, staff({ email: other.email.toUpperCase() }));
    const here = await create(token, staff({ email: owner.email }));
    expect(elsewhere.status).toBe(409);
    expect(here.status).toBe(409);
    const answer = await elsewhere.json();
    expect(answer).toEqual({
      error: "This email can't be used for a new account. Use another one",
      code: "emailUnavailable",
      fields: { email: "emailUnavailable" },
    });
    // The same answer, word for word, for the shop's own account's address.
    expect(await here.json()).toEqual(answer);
    expect(await db().user.count({ where: { shopId: owner.shopId } })).toBe(1);
  });

  it("stops at 3 accounts per shop, the main one included", async () => {
    const { owner, token } = await ownerToken();
    expect((await create(token, staff())).status).toBe(201);
    expect((await create(token, staff())).status).toBe(201);
    const fourth = await create(token, staff());
    expect(fourth.status).toBe(422);
    expect(await fourth.json()).toEqual({
      error: "This shop already has the maximum of 3 accounts",
      code: "accountLimitReached",
    });
    expect(await db().user.count({ where: { shopId: owner.shopId } })).toBe(3);
  });

  it("never makes a 4th account under 20 parallel requests", async () => {
    const { owner, token } = await ownerToken();
    const answers = await Promise.all(Array.from({ length: 20 }, () => create(token, staff())));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    // The rest: the account limit, or the per-shop rate limit on creating accounts.
    expect(statuses.filter((s) => s !== 201).every((s) => s === 422 || s === 429)).toBe(true);
    expect(await db().user.count({ where: { shopId: owner.shopId } })).toBe(3);
  });

  it("needs a signed-in caller", async () => {
    const response = await createRoute(
      new Request("http://localhost/api/auth/create-subaccount", { method: "POST", body: "{}" }),
    );
    expect(response.status).toBe(401);
  });
});
