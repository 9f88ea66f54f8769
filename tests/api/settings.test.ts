import { describe, expect, it } from "vitest";
import { GET, PUT } from "@/app/api/settings/route";
import { GET as me } from "@/app/api/auth/me/route";
import { db } from "@/lib/db";
import { defaultTimeZone } from "@/lib/time-zone";
import { authed, newOwner, signIn } from "../helpers/auth";
import { withTestDatabase } from "../helpers/test-database";

withTestDatabase();

describe("GET and PUT /api/settings", () => {
  it("reads and saves the language, en, es or ca only", async () => {
    const owner = await newOwner();
    const { accessToken } = await signIn(owner.email);
    const zone = defaultTimeZone();
    expect(await (await GET(authed("/api/settings", accessToken))).json()).toEqual({ language: "en", time_zone: zone });

    const saved = await PUT(authed("/api/settings", accessToken, { language: "ca" }, "PUT"));
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ language: "ca", time_zone: zone, message: "Settings saved" });
    expect(await (await GET(authed("/api/settings", accessToken))).json()).toEqual({ language: "ca", time_zone: zone });
    // The language comes back with the next sign-in.
    expect((await signIn(owner.email)).user).toMatchObject({ language: "ca" });

    for (const language of ["fr", "", null, 3, "EN"]) {
      const refused = await PUT(authed("/api/settings", accessToken, { language }, "PUT"));
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: "Language must be en, es or ca", code: "languageInvalid" });
    }
    expect(await (await GET(authed("/api/settings", accessToken))).json()).toEqual({ language: "ca", time_zone: zone });
  });

  it("keeps the shop's time zone, an IANA name, for every account of the shop", async () => {
    const owner = await newOwner();
    const { accessToken } = await signIn(owner.email);
    const saved = await PUT(authed("/api/settings", accessToken, { time_zone: "Atlantic/Canary" }, "PUT"));
    expect(await saved.json()).toMatchObject({ time_zone: "Atlantic/Canary", language: "en" });
    expect((await db().shop.findUniqueOrThrow({ where: { id: owner.shopId } })).timeZone).toBe("Atlantic/Canary");
    expect((await (await me(authed("/api/auth/me", accessToken))).json()).time_zone).toBe("Atlantic/Canary");
    for (const time_zone of ["Mars/Olympus", "", 3, "Europe/Madrid'--"]) {
      const refused = await PUT(authed("/api/settings", accessToken, { time_zone }, "PUT"));
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: "Unknown time zone", code: "timeZoneInvalid" });
    }
    expect((await (await GET(authed("/api/settings", accessToken))).json()).time_zone).toBe("Atlantic/Canary");
  });

  it("needs a signed-in caller", async () => {
    expect((await GET(new Request("http://localhost/api/settings"))).status).toBe(401);
  });
});
