import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { forgetSettings } from "@/lib/env";
import { smtpMailer } from "@/lib/notices/transport";
import { deliverDueNotices } from "@/lib/notices/worker";
import { startInbox } from "@/scripts/lib/mail-sink";
import { createRepair, repairInput, shopSession } from "../helpers/repairs";
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
});
