import { describe, expect, it } from "vitest";
import { GET, PUT } from "@/app/api/settings/route";
import { authed, newOwner, signIn } from "../helpers/auth";
import { withTestDatabase } from "../helpers/test-database";

withTestDatabase();

describe("GET and PUT /api/settings", () => {
  it("reads and saves the language, en, es or ca only", async () => {
    const owner = await newOwner();
    const { accessToken } = await signIn(owner.email);
    expect(await (await GET(authed("/api/settings", accessToken))).json()).toEqual({ language: "en" });

    const saved = await PUT(authed("/api/settings", accessToken, { language: "ca" }, "PUT"));
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ language: "ca", message: "Settings saved" });
    expect(await (await GET(authed("/api/settings", accessToken))).json()).toEqual({ language: "ca" });
    // The language comes back with the next sign-in.
    expect((await signIn(owner.email)).user).toMatchObject({ language: "ca" });

    for (const language of ["fr", "", null, 3, "EN"]) {
      const refused = await PUT(authed("/api/settings", accessToken, { language }, "PUT"));
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: "Language must be en, es or ca", code: "languageInvalid" });
    }
    expect(await (await GET(authed("/api/settings", accessToken))).json()).toEqual({ language: "ca" });
  });

  it("needs a signed-in caller", async () => {
    expect((await GET(new Request("http://localhost/api/settings"))).status).toBe(401);
  });
});
