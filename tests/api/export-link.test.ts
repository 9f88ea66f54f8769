import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { GET as downloadRoute, POST as exportRoute } from "@/app/api/export/excel/route";
import { POST as linkRoute } from "@/app/api/export/link/route";
import { POST as logoutRoute } from "@/app/api/auth/logout/route";
import { authed } from "../helpers/auth";
import { createRepair, shopSession } from "../helpers/repairs";
import { withTestDatabase } from "../helpers/test-database";

// The export screen's download link (lib/export/ticket.ts): the browser
// saves the file to disk as it streams instead of holding it in the page.
// The link is the credential, for one download within a minute.

withTestDatabase();

const CHOICES = { fields: ["repair_number", "customer_name"], startDate: null, endDate: null, statuses: null };
const link = (token: string, body: unknown = CHOICES) => linkRoute(authed("/api/export/link", token, body));
const open = (url: string) => downloadRoute(new Request(`http://localhost${url}`));

async function rowsOf(response: Response) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
  return workbook.worksheets[0]
    .getSheetValues()
    .slice(1)
    .map((row) => (row as unknown[]).slice(1));
}

describe("the export's download link", () => {
  it("downloads without a bearer token what the spec's call answers, once", async () => {
    const { api, token } = await shopSession();
    await createRepair(api, { repair_number: "L-1", customer_name: "Núria" });
    await createRepair(api, { repair_number: "L-2", customer_name: "Pere" });
    const made = await link(token);
    expect(made.status).toBe(201);
    const { url } = await made.json();
    expect(url).toMatch(/^\/api\/export\/excel\?ticket=[\w.-]+$/);

    const file = await open(url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toMatch(
      /^attachment; filename="repairs_export_\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const rows = await rowsOf(file);
    expect(
      rows
        .slice(1)
        .map((row) => row[0])
        .sort(),
    ).toEqual(["L-1", "L-2"]);
    // One export at a time per shop: the spec's call after it answers the same rows.
    expect(await rowsOf(await exportRoute(authed("/api/export/excel", token, CHOICES)))).toEqual(rows);

    // Used once: the second time goes back to the export screen, which says why.
    const again = await open(url);
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe("/export?failed=exportLinkUsed");
  });

  it("refuses a changed, forged or foreign ticket, and an access token in its place", async () => {
    const { api, token } = await shopSession();
    await createRepair(api);
    const { url } = await (await link(token)).json();
    const ticket = url.split("ticket=")[1] as string;
    const [head, body, signature] = ticket.split(".");
    const otherShop = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, "base64url").toString()), shop: crypto.randomUUID() }),
    ).toString("base64url");
    for (const bad of [`${head}.${otherShop}.${signature}`, "not-a-ticket", token, ""]) {
      const refused = await open(`/api/export/excel?ticket=${bad}`);
      expect(refused.status).toBe(303);
      expect(refused.headers.get("location")).toBe("/export?failed=exportLinkUsed");
    }
    // The genuine one still works (the refusals used nothing up).
    expect((await open(url)).status).toBe(200);
  });

  it("stops working when the session that asked for it signs out", async () => {
    const { api, token } = await shopSession();
    await createRepair(api);
    const { url } = await (await link(token)).json();
    expect((await logoutRoute(authed("/api/auth/logout", token, {}))).status).toBe(200);
    const refused = await open(url);
    expect(refused.status).toBe(303);
    expect(refused.headers.get("location")).toBe("/export?failed=exportLinkUsed");
  });

  it("checks the choices when the link is asked for: bad ones and nothing to export are said there", async () => {
    const { api, token } = await shopSession();
    const empty = await link(token);
    expect(empty.status).toBe(422);
    expect((await empty.json()).code).toBe("exportEmpty");
    await createRepair(api);
    const none = await link(token, { ...CHOICES, fields: [] });
    expect(none.status).toBe(400);
    const unsigned = await linkRoute(new Request("http://localhost/api/export/link", { method: "POST", body: "{}" }));
    expect(unsigned.status).toBe(401);
  });
});
