import sharp from "sharp";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GET as historyRoute } from "@/app/api/repairs/[id]/history/route";
import { GET as listSignaturesRoute, POST as signRoute } from "@/app/api/repairs/[id]/signatures/route";
import { POST as uploadRoute } from "@/app/api/repairs/[id]/photos/route";
import { PUT as putShop } from "@/app/api/shop/route";
import { GET as pageRoute } from "@/app/t/[token]/route";
import { GET as serveRoute } from "@/app/uploads/[...path]/route";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/client-address";
import { authed, bearer } from "../helpers/auth";
import { createRepair, repairInput, shopSession } from "../helpers/repairs";
import { tempDir } from "../helpers/temp-dir";
import { drawnSignature } from "../helpers/signature-image";
import { withTestDatabase } from "../helpers/test-database";

// The counter's record (docs/counter.md): the item's identity and condition,
// its declared value, numbers given by the shop, and the customer's signature.

process.env.UPLOAD_DIR = tempDir("rd-record-");
withTestDatabase();

const ctx = (id: string) => ({ params: Promise.resolve({ id }) });
const shopPut = (token: string, body: unknown) => putShop(authed("/api/shop", token, body, "PUT"));
const sign = (token: string, id: string, body: unknown) =>
  signRoute(authed(`/api/repairs/${id}/signatures`, token, body), ctx(id));
const signaturesOf = async (token: string, id: string) =>
  (await (await listSignaturesRoute(authed(`/api/repairs/${id}/signatures`, token), ctx(id))).json()).signatures;

const watch = {
  item_type: "watch",
  item_description: "Omega Seamaster, revisión completa",
  brand: "Omega",
  model: "Seamaster 300",
  reference: "2531.80.00",
  serial_number: "SN-55512345",
  calibre: "1120",
  condition: ["scratched_crystal", "worn_strap", "scratched_crystal"],
  condition_notes: "Golpe en el bisel a las 3",
  accessories: "Caja y papeles",
  declared_value: "1250,50",
};
const ring = {
  item_type: "jewelry",
  item_description: "Anillo solitario, ajustar talla",
  metal: "Oro blanco",
  fineness: "750",
  stones: "1 diamante, 0,30 ct, sin daños",
  weight_grams: "3,47",
  ring_size_from: "14",
  ring_size_to: "12",
  condition: ["worn_claws", "engraved"],
  declared_value: 900,
};

describe("the counter's record of an item", () => {
  it("keeps a watch's and a ring's identity, condition, accessories and declared value, typed as people type numbers", async () => {
    const { api } = await shopSession();
    const saved = await createRepair(api, watch);
    const read = await (await api.get(saved.id)).json();
    expect(read).toMatchObject({
      ...watch,
      // Each code once, in the order given; the amount as a number.
      condition: ["scratched_crystal", "worn_strap"],
      declared_value: 1250.5,
      metal: null,
      weight_grams: null,
    });

    const jewel = await (await api.get((await createRepair(api, ring)).id)).json();
    expect(jewel).toMatchObject({ ...ring, weight_grams: 3.47, declared_value: 900, brand: null });

    // An edit changes what it sends, and nothing else; an empty list clears the condition.
    const edited = await api.update(saved.id, { serial_number: "SN-999", condition: [], declared_value: "" });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({
      serial_number: "SN-999",
      condition: [],
      declared_value: null,
      brand: "Omega",
    });
  });

  it.each([
    [{ weight_grams: "3,4,7" }, "weight_grams", "weightInvalid"],
    [{ weight_grams: -1 }, "weight_grams", "weightInvalid"],
    [{ weight_grams: "1,234" }, "weight_grams", "weightInvalid"],
    [{ declared_value: "mil" }, "declared_value", "amountInvalid"],
    [{ condition: ["melted"] }, "condition", "conditionInvalid"],
    [{ condition: "scratched" }, "condition", "conditionInvalid"],
    [{ serial_number: "x".repeat(101) }, "serial_number", "textTooLong"],
  ])("refuses %j with the field's error, and writes nothing", async (fields, field, code) => {
    const { api } = await shopSession();
    const response = await api.create(repairInput(fields));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.code).toBe(code);
    expect(body.fields).toMatchObject({ [field]: code });
    expect((await (await api.list()).json()).repairs).toHaveLength(0);
  });

  it("finds a repair by its serial number and its reference", async () => {
    const { api } = await shopSession();
    const saved = await createRepair(api, watch);
    await createRepair(api, { item_description: "Otro reloj" });
    for (const term of ["SN-555", "55512345", "2531.80"]) {
      const found = await (await api.list(`?search=${encodeURIComponent(term)}`)).json();
      expect(
        found.repairs.map((r: { id: string }) => r.id),
        term,
      ).toEqual([saved.id]);
    }
  });

  it("shows the customer the item's identity and condition on the status page, in their language", async () => {
    const { api } = await shopSession();
    const saved = await createRepair(api, { ...watch, customer_language: "ca" });
    const token = saved.status_url.split("/t/")[1];
    const page = await (
      await pageRoute(
        new Request(`http://localhost/t/${token}`, { headers: { [CLIENT_ADDRESS_HEADER]: "10.9.0.1" } }),
        {
          params: Promise.resolve({ token }),
        },
      )
    ).text();
    expect(page).toContain("<dt>Número de sèrie</dt><dd>SN-55512345</dd>");
    expect(page).toContain("<dt>Estat a l&#39;entrada</dt><dd>Vidre ratllat, Corretja gastada</dd>");
    expect(page).toContain("<dt>Accessoris</dt><dd>Caja y papeles</dd>");
    // The declared value is the shop's and the customer's paper, not the page's.
    expect(page).not.toContain("1.250,50");
  });
});

describe("the work asked for and the price agreed at intake", () => {
  it("keeps the work requested apart from the item, a new repair's price to be quoted first, and an estimate with its amount", async () => {
    const { api } = await shopSession();
    const plain = await createRepair(api, repairInput({ work_requested: "Canvi de pila i juntes" }));
    expect(plain).toMatchObject({
      work_requested: "Canvi de pila i juntes",
      price_basis: "quote_first",
      estimate_amount: null,
    });
    const estimated = await createRepair(api, repairInput({ price_basis: "estimate", estimate_amount: "85,50" }));
    expect(estimated).toMatchObject({ price_basis: "estimate", estimate_amount: 85.5 });
    // Another basis clears the estimate; an estimate again needs its amount.
    const waived = await api.update(estimated.id, { price_basis: "quote_waived" });
    expect(await waived.json()).toMatchObject({ price_basis: "quote_waived", estimate_amount: null });
    const bare = await api.update(estimated.id, { price_basis: "estimate" });
    expect(bare.status).toBe(400);
    expect((await bare.json()).fields).toEqual({ estimate_amount: "estimateRequired" });
    expect(await (await api.get(estimated.id)).json()).toMatchObject({ price_basis: "quote_waived" });
  });

  it.each([
    [{ price_basis: "estimate" }, "estimate_amount", "estimateRequired"],
    [{ price_basis: "free" }, "price_basis", "priceBasisInvalid"],
    [{ price_basis: "estimate", estimate_amount: "mil" }, "estimate_amount", "amountInvalid"],
    [{ work_requested: "x".repeat(2001) }, "work_requested", "textTooLong"],
  ])("refuses %j with the field's error, and writes nothing", async (fields, field, code) => {
    const { api } = await shopSession();
    const response = await api.create(repairInput(fields));
    expect(response.status).toBe(400);
    expect((await response.json()).fields).toMatchObject({ [field]: code });
    expect((await (await api.list()).json()).repairs).toHaveLength(0);
  });

  it("tells the customer on the status page what work was asked for and how the price was agreed, in their language", async () => {
    const { api } = await shopSession();
    const saved = await createRepair(
      api,
      repairInput({
        customer_language: "es",
        work_requested: "Cambio de pila",
        price_basis: "estimate",
        estimate_amount: 40,
      }),
    );
    const token = saved.status_url.split("/t/")[1];
    const page = await (
      await pageRoute(
        new Request(`http://localhost/t/${token}`, { headers: { [CLIENT_ADDRESS_HEADER]: "10.9.0.2" } }),
        { params: Promise.resolve({ token }) },
      )
    ).text();
    expect(page).toContain("<dt>Trabajo solicitado</dt><dd>Cambio de pila</dd>");
    expect(page).toContain("<dt>Precio</dt><dd>Estimado en la entrada</dd>");
    expect(page).toMatch(/<dt>Estimación<\/dt><dd>40,00\s€<\/dd>/);
  });
});

describe("numbers given by the shop", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("gives 20 repairs made at once the next 20 numbers of the series, no gap and no duplicate", async () => {
    const { api } = await shopSession();
    const made = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api.create({ customer_name: `Cliente ${i}`, item_description: "Reloj" }).then((r) => r.json()),
      ),
    );
    const numbers = made.map((r) => r.repair_number).sort();
    const day = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Madrid" }).format(new Date()).replaceAll("/", "");
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `R-${day}-${String(i + 1).padStart(5, "0")}`));
  });

  it("dates the number by the shop's day: one second before and after its midnight", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    // 23:59:59 in Madrid (UTC+1 in November), then midnight; signed in at that time.
    vi.setSystemTime(new Date("2026-11-26T22:59:59Z"));
    const { api } = await shopSession();
    const before = await createRepair(api, { repair_number: undefined });
    vi.setSystemTime(new Date("2026-11-26T23:00:00Z"));
    const after = await createRepair(api, { repair_number: undefined });
    expect([before.repair_number, after.repair_number]).toEqual(["R-26112026-00001", "R-27112026-00002"]);
  });

  it("takes the prefix and the next number from the settings, keeps numbers typed by hand, and steps over one typed already", async () => {
    const { token, api } = await shopSession();
    const saved = await shopPut(token, { repair_number_prefix: "BCN", next_repair_number: 1500 });
    expect(await saved.json()).toMatchObject({ repair_number_prefix: "BCN", next_repair_number: 1500 });
    const day = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Madrid" }).format(new Date()).replaceAll("/", "");
    // Typed by hand: kept as typed, and the series does not move.
    expect((await createRepair(api, { repair_number: "LIBRO-0042" })).repair_number).toBe("LIBRO-0042");
    // Typed by hand as the series' next one: the series steps over it.
    await createRepair(api, { repair_number: `BCN-${day}-01500` });
    expect((await createRepair(api, { repair_number: "" })).repair_number).toBe(`BCN-${day}-01501`);
    // On an edit the number stays required.
    const blanked = await api.update((await createRepair(api)).id, { repair_number: " " });
    expect(blanked.status).toBe(400);
    expect((await blanked.json()).code).toBe("repairNumberRequired");
    // A duplicate typed by hand is still refused.
    const duplicate = await api.create(repairInput({ repair_number: "LIBRO-0042" }));
    expect(duplicate.status).toBe(409);

    for (const [body, code] of [
      [{ repair_number_prefix: "B C N" }, "numberPrefixInvalid"],
      [{ repair_number_prefix: "" }, "numberPrefixInvalid"],
      [{ next_repair_number: 0 }, "nextNumberInvalid"],
      [{ next_repair_number: 1.5 }, "nextNumberInvalid"],
    ] as const) {
      const refused = await shopPut(token, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect((await refused.json()).code).toBe(code);
    }
  });
});

describe("the shop's legal name and tax id", () => {
  it("keeps a valid NIF or CIF written without spaces, and refuses one whose control letter is wrong", async () => {
    const { token } = await shopSession();
    const saved = await shopPut(token, { legal_name: "Rellotgeria Vidal SL", tax_id: "b-1234567 4" });
    expect(await saved.json()).toMatchObject({ legal_name: "Rellotgeria Vidal SL", tax_id: "B12345674" });
    const refused = await shopPut(token, { tax_id: "12345678A" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: "taxIdInvalid", error: "Enter a valid NIF, NIE or CIF" });
  });
});

describe("POST and GET /api/repairs/{id}/signatures", () => {
  it("keeps one signature per moment as a clean PNG, served like photos, in the history, and never changed", async () => {
    const { token, api } = await shopSession();
    const repair = await createRepair(api);
    const image = await drawnSignature();
    const response = await sign(token, repair.id, { stage: "intake", signer_name: " Núria Vidal ", image });
    expect(response.status).toBe(201);
    const signature = await response.json();
    expect(signature).toMatchObject({
      stage: "intake",
      signer_name: "Núria Vidal",
      url: expect.stringMatching(/^\/uploads\/.+\.png$/),
    });

    const served = await serveRoute(new Request(`http://localhost${signature.url}`), {
      params: Promise.resolve({ path: signature.url.slice("/uploads/".length).split("/") }),
    });
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(300);

    const again = await sign(token, repair.id, { stage: "intake", signer_name: "Otra", image });
    expect(again.status).toBe(409);
    expect((await again.json()).code).toBe("signatureExists");
    expect((await api.update(repair.id, { status: "picked_up", collected_by: "Pere" })).status).toBe(200);
    expect((await sign(token, repair.id, { stage: "pickup", signer_name: "Pere", image })).status).toBe(201);
    expect((await signaturesOf(token, repair.id)).map((s: { stage: string }) => s.stage)).toEqual(["intake", "pickup"]);

    const history = await (
      await historyRoute(authed(`/api/repairs/${repair.id}/history`, token), ctx(repair.id))
    ).json();
    expect(
      history.history.filter((e: { kind: string }) => e.kind === "signed").map((e: { detail: string }) => e.detail),
    ).toEqual(["pickup:Pere", "intake:Núria Vidal"]);
  });

  it.each([
    ["another moment", { stage: "later", signer_name: "A" }, 400, "signatureStageInvalid"],
    ["no name", { stage: "intake", signer_name: " " }, 400, "signerNameRequired"],
    [
      "a PNG that is not one",
      { stage: "intake", signer_name: "A", image: "data:image/png;base64,AAAA" },
      400,
      "signatureImageInvalid",
    ],
    [
      "HTML",
      { stage: "intake", signer_name: "A", image: "data:text/html;base64,PHNjcmlwdD4=" },
      400,
      "signatureImageInvalid",
    ],
    [
      "600 KB",
      { stage: "intake", signer_name: "A", image: `data:image/png;base64,${"A".repeat(800_000)}` },
      413,
      "bodyTooLarge",
    ],
  ])("refuses %s and keeps nothing", async (_label, fields, status, code) => {
    const { token, api } = await shopSession();
    const repair = await createRepair(api);
    const body = { image: await drawnSignature(), ...fields };
    const response = await sign(token, repair.id, body);
    expect(response.status).toBe(status);
    expect((await response.json()).code).toBe(code);
    expect(await signaturesOf(token, repair.id)).toEqual([]);
  });

  it("answers 404 for another shop's repair", async () => {
    const mine = await shopSession();
    const theirs = await shopSession();
    const repair = await createRepair(theirs.api);
    const response = await sign(mine.token, repair.id, {
      stage: "intake",
      signer_name: "A",
      image: await drawnSignature(),
    });
    expect(response.status).toBe(404);
    expect(await signaturesOf(theirs.token, repair.id)).toEqual([]);
  });
});

describe("at pickup and in photos", () => {
  it("records who collected the item and whether their ID was checked, with the status", async () => {
    const { api } = await shopSession();
    const repair = await createRepair(api, { status: "ready" });
    const response = await api.update(repair.id, { status: "picked_up", collected_by: "Pere Vidal", id_checked: true });
    expect(await response.json()).toMatchObject({ status: "picked_up", collected_by: "Pere Vidal", id_checked: true });
    const refused = await api.update(repair.id, { id_checked: "yes" });
    expect(refused.status).toBe(400);
  });

  it("gives a photo the stage it was taken at: as left while new, after when done, or as asked", async () => {
    const { token, api } = await shopSession();
    const upload = async (id: string, query = "") => {
      const form = new FormData();
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#0f0" } })
        .png()
        .toBuffer();
      form.append("photos", new Blob([png as BlobPart], { type: "image/png" }), "p.png");
      return uploadRoute(
        new Request(`http://localhost/api/repairs/${id}/photos${query}`, {
          method: "POST",
          headers: bearer(token),
          body: form,
        }),
        ctx(id),
      );
    };
    const fresh = await createRepair(api);
    const done = await createRepair(api, { status: "ready" });
    const working = await createRepair(api, { status: "in_repair" });
    expect((await (await upload(fresh.id)).json()).photos[0].stage).toBe("intake");
    expect((await (await upload(done.id)).json()).photos[0].stage).toBe("after");
    expect((await (await upload(working.id)).json()).photos[0].stage).toBe("work");
    expect((await (await upload(working.id, "?stage=intake")).json()).photos[0].stage).toBe("intake");
    const refused = await upload(working.id, "?stage=someday");
    expect(refused.status).toBe(400);
    expect((await refused.json()).code).toBe("photoStageInvalid");
  });
});
