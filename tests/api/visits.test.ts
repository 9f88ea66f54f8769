import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { GET as listSignaturesRoute, POST as signRoute } from "@/app/api/repairs/[id]/signatures/route";
import { GET as visitRoute } from "@/app/api/repairs/[id]/visit/route";
import { settings } from "@/lib/env";
import { authed } from "../helpers/auth";
import { db } from "@/lib/db";
import { forgetSettings } from "@/lib/env";
import { smtpMailer } from "@/lib/notices/transport";
import { deliverDueNotices } from "@/lib/notices/worker";
import { startInbox } from "@/scripts/lib/mail-sink";
import { createRepair, repairInput, shopSession } from "../helpers/repairs";
import { drawnSignature } from "../helpers/signature-image";
import { withTestDatabase } from "../helpers/test-database";

// One visit, several items (issue 51): a customer leaves three watches; they
// share a visit, and the customer gets one "received" email that names them all.

const inbox = await startInbox();
process.env.SMTP_URL = inbox.url;
process.env.MAIL_FROM = "Rellotgeria Vidal <botiga@vidal.cat>";
forgetSettings();
withTestDatabase();
const mailer = smtpMailer();
afterAll(async () => {
  mailer.close();
  await inbox.close();
});
const ctx = (id: string) => ({ params: Promise.resolve({ id }) });
const visitOf = async (token: string, id: string) => visitRoute(authed(`/api/repairs/${id}/visit`, token), ctx(id));
const signaturesOf = async (token: string, id: string) =>
  (await (await listSignaturesRoute(authed(`/api/repairs/${id}/signatures`, token), ctx(id))).json()).signatures as {
    stage: string;
    signer_name: string;
    url: string;
  }[];
const mailTo = (address: string) => inbox.messages.filter((m) => m.to && "text" in m.to && m.to.text === address);

describe("one visit, several items", () => {
  it("gives items left together one visit and one email that names them all", async () => {
    const { api } = await shopSession();
    const customer = { customer_name: "Montse Ferrer", customer_email: "montse@example.com", customer_language: "ca" };
    const first = await createRepair(api, {
      ...customer,
      repair_number: "R-V1",
      item_description: "Omega Seamaster",
      more_items: true,
    });
    const second = await createRepair(api, {
      ...customer,
      repair_number: "R-V2",
      item_description: "Rolex Datejust",
      same_visit_as: first.id,
      more_items: true,
    });
    const third = await createRepair(api, {
      ...customer,
      repair_number: "R-V3",
      item_type: "jewelry",
      item_description: "Anell d'or",
      same_visit_as: second.id,
    });
    expect([first, second, third].map((r) => r.visit_id)).toEqual([null, first.id, first.id]);
    expect((await (await api.get(first.id)).json()).visit_id).toBe(first.id);

    await deliverDueNotices(db(), mailer);
    const mails = mailTo("montse@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain("R-V3");
    expect(mails[0].text).toContain(
      "En la mateixa visita també ens vau deixar: R-V1 (Omega Seamaster); R-V2 (Rolex Datejust).",
    );
  });

  it("still tells the customer when the form is closed without the next item: the held email goes after its wait", async () => {
    const { api } = await shopSession();
    const left = await createRepair(api, {
      customer_name: "Laia Vidal",
      customer_email: "laia@example.com",
      repair_number: "R-H1",
      item_description: "Cartier Tank",
      more_items: true,
    });
    const [held] = await db().notice.findMany({ where: { repairId: left.id } });
    const waits = held.nextAttemptAt.getTime() - held.createdAt.getTime();
    expect(waits).toBeGreaterThan(14 * 60_000);
    expect(waits).toBeLessThan(16 * 60_000);
    await deliverDueNotices(db(), mailer);
    expect(mailTo("laia@example.com")).toHaveLength(0);
    // Its wait over (as 15 minutes later), it goes, alone.
    await db().notice.update({ where: { id: held.id }, data: { nextAttemptAt: new Date(Date.now() - 1000) } });
    await deliverDueNotices(db(), mailer);
    expect(mailTo("laia@example.com").map((m) => m.subject)).toEqual([expect.stringContaining("R-H1")]);
  });

  it("tells of the earlier items when another is added after the first email left", async () => {
    const { api } = await shopSession();
    const customer = { customer_name: "Pere Soler", customer_email: "pere@example.com", customer_language: "es" };
    const first = await createRepair(api, { ...customer, repair_number: "R-W1", item_description: "Tissot PRX" });
    await deliverDueNotices(db(), mailer);
    await createRepair(api, {
      ...customer,
      repair_number: "R-W2",
      item_description: "Cadena de plata",
      same_visit_as: first.id,
    });
    await deliverDueNotices(db(), mailer);
    const mails = mailTo("pere@example.com");
    expect(mails).toHaveLength(2);
    expect(mails[1].text).toContain("En la misma visita también nos dejó: R-W1 (Tissot PRX).");
  });

  it("refuses another shop's repair, an unknown one, or one left on another day, and writes nothing", async () => {
    const { api, owner } = await shopSession();
    const other = await shopSession();
    const theirs = await createRepair(other.api);
    const yesterday = await createRepair(api, { repair_number: "R-OLD" });
    await db().$executeRaw`UPDATE repairs SET created_at = now() - interval '2 days' WHERE id = ${yesterday.id}::uuid`;
    const before = await db().repair.count({ where: { shopId: owner.shopId } });
    for (const [sameAs, code, status] of [
      [theirs.id, "visitNotFound", 400],
      ["not-an-id", "visitNotFound", 400],
      [yesterday.id, "visitClosed", 422],
    ] as const) {
      const refused = await api.create(repairInput({ same_visit_as: sameAs }));
      expect(refused.status, sameAs).toBe(status);
      expect(await refused.json()).toMatchObject({ code, fields: { same_visit_as: code } });
    }
    expect(await db().repair.count({ where: { shopId: owner.shopId } })).toBe(before);
    expect((await db().repair.findUniqueOrThrow({ where: { id: theirs.id } })).visitId).toBeNull();
  });

  it("lists a visit's items with any of them, and one intake signature signs every item not signed yet", async () => {
    const { api, token } = await shopSession();
    const other = await shopSession();
    const image = await drawnSignature();
    const sign = (id: string, signer: string, drawing = image) =>
      signRoute(
        authed(`/api/repairs/${id}/signatures`, token, { stage: "intake", signer_name: signer, image: drawing }),
        ctx(id),
      );
    // The first item was signed on its own before the others were added: it keeps that signature.
    const first = await createRepair(api, { repair_number: "R-S1", item_description: "Omega" });
    expect((await sign(first.id, "Montse Ferrer")).status).toBe(201);
    const second = await createRepair(api, {
      repair_number: "R-S2",
      item_description: "Rolex",
      same_visit_as: first.id,
    });
    const third = await createRepair(api, {
      repair_number: "R-S3",
      item_description: "Anell",
      same_visit_as: first.id,
    });
    const alone = await createRepair(api, { repair_number: "R-S4" });

    const listed = await (await visitOf(token, second.id)).json();
    expect(listed.repairs.map((r: { repair_number: string }) => r.repair_number)).toEqual(["R-S1", "R-S2", "R-S3"]);
    expect((await (await visitOf(token, alone.id)).json()).repairs.map((r: { id: string }) => r.id)).toEqual([
      alone.id,
    ]);
    // Another shop's repair is not found, whatever visit it is in.
    expect((await visitOf(other.token, first.id)).status).toBe(404);

    // A drawing refused signs nothing; the third's signature signs the second too.
    expect((await sign(third.id, "Montse F.", "data:image/png;base64,AAAA")).status).toBe(400);
    expect(await signaturesOf(token, second.id)).toEqual([]);
    expect((await sign(third.id, "Montse F.")).status).toBe(201);

    const [firstSig, secondSig, thirdSig, aloneSig] = await Promise.all(
      [first, second, third, alone].map((r) => signaturesOf(token, r.id)),
    );
    expect(firstSig.map((s) => s.signer_name)).toEqual(["Montse Ferrer"]);
    expect(secondSig.map((s) => s.signer_name)).toEqual(["Montse F."]);
    expect(thirdSig.map((s) => s.signer_name)).toEqual(["Montse F."]);
    expect(aloneSig).toEqual([]);
    // Each item its own copy of the drawing, on disk.
    expect(secondSig[0].url).not.toBe(thirdSig[0].url);
    for (const s of [...secondSig, ...thirdSig])
      expect(existsSync(path.join(settings().UPLOAD_DIR, s.url.replace("/uploads/", "")))).toBe(true);
    // Signed once, not again.
    expect((await (await sign(second.id, "Montse")).json()).code).toBe("signatureExists");
  });
});
