import { afterAll, describe, expect, it } from "vitest";
import { GET as pageRoute, POST as answerRoute } from "@/app/t/[token]/route";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/client-address";
import { GET as settingsGet, PUT as settingsPut } from "@/app/api/shop/notices/route";
import { GET as listRoute } from "@/app/api/repairs/[id]/notices/route";
import { POST as resendRoute } from "@/app/api/repairs/[id]/notices/[noticeId]/resend/route";
import { POST as replaceLinkRoute } from "@/app/api/repairs/[id]/status-link/route";
import { PATCH as bulkRoute } from "@/app/api/repairs/status/route";
import { POST as payRoute } from "@/app/api/repairs/[id]/payments/route";
import { createDb, db } from "@/lib/db";
import { forgetSettings, settings } from "@/lib/env";
import { smtpMailer } from "@/lib/notices/transport";
import { deliverDueNotices, queueReminders } from "@/lib/notices/worker";
import { authed } from "../helpers/auth";
import { createRepair, shopSession } from "../helpers/repairs";
import { startInbox } from "@/scripts/lib/mail-sink";
import { withTestDatabase } from "../helpers/test-database";

// Email notices through the outbox (issue 16), delivered to a real SMTP
// server on loopback and read back: recipients, subjects and bodies in each
// language, the link working, switches obeyed, retries while the server is
// down, permanent refusals, two workers at once, and the timed reminders.

// Set before anything reads the settings: this file's server sends mail.
const inbox = await startInbox({ refuse: (to) => to.startsWith("nobody@") });
process.env.SMTP_URL = inbox.url;
process.env.MAIL_FROM = "Rellotgeria Vidal <botiga@vidal.cat>";
process.env.NOTICE_RETRY_BASE_MS = "60000";
// Status notices leave at once here; the grace period has its own test below.
process.env.NOTICE_GRACE_MS = "0";
forgetSettings();

const database = withTestDatabase();
afterAll(() => inbox.close());

const mailer = smtpMailer();
afterAll(() => mailer.close());

const deliver = () => deliverDueNotices(db(), mailer);
const ctx = (id: string, noticeId?: string) => ({ params: Promise.resolve({ id, ...(noticeId ? { noticeId } : {}) }) });

async function shop(switches: Record<string, unknown> = {}) {
  const session = await shopSession();
  await db().shop.update({
    where: { id: session.owner.shopId },
    data: { name: "Rellotgeria Vidal", phone: "+34 971 000 111", openingHours: "Dl-Dv 10-14", ...switches },
  });
  return session;
}

const noticesOf = (repairId: string) => db().notice.findMany({ where: { repairId }, orderBy: { createdAt: "asc" } });
const mailTo = (address: string) => inbox.messages.filter((m) => m.to && "text" in m.to && m.to.text === address);

describe("notices by email", () => {
  it("tells a new customer we have the item, in their language, with a working link and nothing external", async () => {
    const { api } = await shop();
    const repair = await createRepair(api, {
      repair_number: "R-N1",
      customer_name: "Joana Ferrer",
      customer_email: " Joana.Ferrer@Example.com ",
      customer_language: "ca",
      item_type: "watch",
      item_description: "Omega Seamaster",
    });
    expect(repair.customer_email).toBe("joana.ferrer@example.com");
    // Queued with the change, before any delivery; the outbox (and so a backup) holds no live link.
    const queued = await noticesOf(repair.id);
    expect(queued).toMatchObject([{ event: "received", state: "queued", toEmail: "joana.ferrer@example.com" }]);
    const token = repair.status_url.split("/t/")[1];
    expect(queued[0].textBody + queued[0].htmlBody).not.toContain(token);
    const row = await db().repair.findUniqueOrThrow({ where: { id: repair.id } });
    expect(row.statusToken).toMatch(/^v1\./);
    expect(row.statusToken).not.toContain(token);

    expect(await deliver()).toBe(1);
    const [mail] = mailTo("joana.ferrer@example.com");
    expect(mail.subject).toBe("Rellotgeria Vidal: hem rebut el vostre rellotge (reparació R-N1)");
    expect(mail.from?.text).toBe('"Rellotgeria Vidal" <botiga@vidal.cat>');
    expect(mail.text).toContain("Hola, Joana Ferrer:");
    expect(mail.text).toContain("Hem rebut el vostre rellotge (Omega Seamaster). El número de reparació és R-N1.");
    expect(mail.text).toContain("Estat: Rebut a la botiga");
    expect(mail.text).toContain(repair.status_url);
    expect(mail.text).toContain("+34 971 000 111");
    expect(mail.html).toContain(`<a href="${repair.status_url}">`);
    expect(mail.html).not.toMatch(/<img|src=|url\(/i);
    // Every address in the message is the status link.
    expect([...(mail.html as string).matchAll(/https?:\/\/[^"<\s]+/g)].map((m) => m[0])).toEqual([
      repair.status_url,
      repair.status_url,
    ]);
    const page = await pageRoute(new Request(`http://localhost/t/${token}`), { params: Promise.resolve({ token }) });
    expect(page.status).toBe(200);
    expect((await noticesOf(repair.id))[0]).toMatchObject({ state: "sent", attempts: 1 });
  });

  it.each([
    ["en", "Rellotgeria Vidal: your quote for repair R-Q-en", "€90.50"],
    ["es", "Rellotgeria Vidal: su presupuesto de la reparación R-Q-es", "90,50 €"],
    ["ca", "Rellotgeria Vidal: el vostre pressupost de la reparació R-Q-ca", "90,50 €"],
  ])("sends the quote with its amount and the link to answer it, in %s", async (language, subject, amount) => {
    const { api } = await shop({ notifyReceived: false });
    const email = `quote-${language}@example.com`;
    const repair = await createRepair(api, {
      repair_number: `R-Q-${language}`,
      customer_email: email,
      customer_language: language,
    });
    await api.quote(repair.id, { amount: "90,5", expires_in_hours: 48 });
    await deliver();
    const [mail] = mailTo(email);
    expect(mail.subject).toBe(subject);
    expect((mail.text as string).replace(/\u00a0/g, " ")).toContain(amount);
    expect(mail.text).toContain(repair.status_url);
  });

  it("says what the quote covers, and when the item is ready what there is to pay; the link wraps on a phone", async () => {
    const { api } = await shop({ notifyReceived: false });
    const repair = await createRepair(api, { customer_email: "due@example.com", customer_language: "es" });
    expect((await api.quote(repair.id, { amount: 120, notes: "Cristal de zafiro", expires_in_hours: 72 })).status).toBe(
      200,
    );
    expect((await api.update(repair.id, { final_price: "95,5" })).status).toBe(200);
    expect((await api.status(repair.id, "ready")).status).toBe(200);
    await deliver();
    const mails = mailTo("due@example.com");
    const quote = mails.find((m) => String(m.subject).includes("presupuesto"))!;
    const ready = mails.find((m) => String(m.subject).includes("lista para recoger"))!;
    expect(quote.text).toContain("El presupuesto incluye: Cristal de zafiro");
    expect(ready.text).toMatch(/Importe a pagar en la recogida: 95,50\s€\./);
    expect(ready.html).toContain("overflow-wrap:anywhere");
  });

  it("asks on collection for what is left after a deposit, as the status page does, and for nothing once all is paid", async () => {
    const { api, token } = await shop({ notifyReceived: false });
    const pay = (id: string, body: unknown) => payRoute(authed(`/api/repairs/${id}/payments`, token, body), ctx(id));
    const [part, whole] = [
      await createRepair(api, { customer_email: "deposit@example.com", customer_language: "ca", final_price: "120" }),
      await createRepair(api, { customer_email: "paid@example.com", customer_language: "ca", final_price: "80" }),
    ];
    expect((await pay(part.id, { kind: "deposit", amount: "30,5", method: "cash" })).status).toBe(201);
    expect((await pay(whole.id, { kind: "deposit", amount: 80, method: "card" })).status).toBe(201);
    for (const repair of [part, whole]) expect((await api.status(repair.id, "ready")).status).toBe(200);
    await deliver();
    const [partMail] = mailTo("deposit@example.com");
    expect(partMail.text).toMatch(/Import a pagar en la recollida: 89,50\s€\./);
    const page = await (
      await pageRoute(new Request(part.status_url), {
        params: Promise.resolve({ token: part.status_url.split("/t/")[1] }),
      })
    ).text();
    expect(page).toMatch(/89,50\s€/);
    const [wholeMail] = mailTo("paid@example.com");
    expect(wholeMail.subject).toContain(whole.repair_number);
    expect(wholeMail.text).not.toContain("Import a pagar");
  });

  it("tells nothing for a switched-off event, a change staff chose not to tell, or a status not ticked", async () => {
    const { api, owner } = await shop({ notifyReceived: false, notifyStatuses: ["in_repair"] });
    const repair = await createRepair(api, { customer_email: "quiet@example.com" });
    expect(await noticesOf(repair.id)).toEqual([]);
    await api.status(repair.id, "diagnosing");
    expect(await noticesOf(repair.id)).toEqual([]);
    // Told once "don't tell the customer": this change only.
    expect((await api.update(repair.id, { status: "ready", notify: false })).status).toBe(200);
    expect(await noticesOf(repair.id)).toEqual([]);
    await api.status(repair.id, "in_repair");
    expect(await noticesOf(repair.id)).toMatchObject([{ event: "status", status: "in_repair" }]);
    await api.status(repair.id, "ready");
    expect((await noticesOf(repair.id)).map((n) => n.event)).toEqual(["status", "ready"]);
    // A repair without an email gets none, whatever the switches.
    const silent = await createRepair(api, {});
    await api.status(silent.id, "ready");
    expect(await noticesOf(silent.id)).toEqual([]);
    expect(owner.shopId).toBeTruthy();
  });

  it("queues one notice for each repair a bulk change moves that has an email, and none when told not to", async () => {
    const { api, token } = await shop({ notifyReceived: false });
    const [told, alsoTold, silent, already] = [
      await createRepair(api, { customer_email: "bulk1@example.com" }),
      await createRepair(api, { customer_email: "bulk2@example.com" }),
      await createRepair(api, {}),
      await createRepair(api, { customer_email: "bulk3@example.com", status: "ready" }),
    ];
    const bulk = (body: unknown) => bulkRoute(authed("/api/repairs/status", token, body, "PATCH"));
    expect((await bulk({ ids: [told.id, alsoTold.id, silent.id, already.id], status: "ready" })).status).toBe(200);
    expect((await noticesOf(told.id)).map((n) => n.event)).toEqual(["ready"]);
    expect((await noticesOf(alsoTold.id)).map((n) => n.event)).toEqual(["ready"]);
    expect(await noticesOf(silent.id)).toEqual([]);
    // Already ready: not moved, not told again.
    expect(await noticesOf(already.id)).toEqual([]);
    const quiet = await createRepair(api, { customer_email: "bulk4@example.com" });
    expect((await bulk({ ids: [quiet.id], status: "ready", notify: false })).status).toBe(200);
    expect(await noticesOf(quiet.id)).toEqual([]);
  });

  it("holds a status change's notice for the grace period: an undo or a second change meanwhile mails no one", async () => {
    process.env.NOTICE_GRACE_MS = "1500";
    forgetSettings();
    try {
      const { api } = await shop({ notifyReceived: false, notifyStatuses: ["in_repair"] });
      const [slip, kept, twice] = await Promise.all(
        ["slip", "kept", "twice"].map((name) => createRepair(api, { customer_email: `grace-${name}@example.com` })),
      );
      // A slip on the badge, set back at once; one left as it is; one moved on again.
      expect((await api.status(slip.id, "ready")).status).toBe(200);
      expect((await api.status(kept.id, "ready")).status).toBe(200);
      expect((await api.status(twice.id, "ready")).status).toBe(200);
      const mailed = () => ["slip", "kept", "twice"].map((name) => mailTo(`grace-${name}@example.com`).length);
      await deliver();
      expect(mailed()).toEqual([0, 0, 0]);
      expect((await api.status(slip.id, "received")).status).toBe(200);
      expect((await api.status(twice.id, "in_repair")).status).toBe(200);
      await deliver();
      expect(mailed()).toEqual([0, 0, 0]);

      await new Promise((resolve) => setTimeout(resolve, 1600));
      await deliver();
      // The one left as it was is told; the slip never, and its notice is gone.
      expect(mailed()).toEqual([0, 1, expect.any(Number)]);
      expect(await noticesOf(slip.id)).toEqual([]);
      // The second change's own notice is held in its turn, then sent: the "ready" one never.
      await new Promise((resolve) => setTimeout(resolve, 1600));
      await deliver();
      expect(mailed()).toEqual([0, 1, 1]);
      expect(await noticesOf(twice.id)).toMatchObject([{ event: "status", status: "in_repair", state: "sent" }]);
    } finally {
      process.env.NOTICE_GRACE_MS = "0";
      forgetSettings();
    }
  });

  it("keeps a notice while the mail server is down and delivers it exactly once when it is back", async () => {
    const down = await startInbox();
    await down.close(); // a port nobody listens on
    const broken = smtpMailer(down.url);
    try {
      const { api } = await shop();
      const repair = await createRepair(api, { customer_email: "patient@example.com" });
      expect(await deliverDueNotices(db(), broken)).toBe(0);
      const [waiting] = await noticesOf(repair.id);
      expect(waiting).toMatchObject({ state: "queued", attempts: 1 });
      expect(waiting.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
      // Not due yet: nothing is sent, even with the server back.
      expect(await deliver()).toBe(0);
      await db().notice.update({ where: { id: waiting.id }, data: { nextAttemptAt: new Date() } });
      expect(await deliver()).toBe(1);
      expect(await deliver()).toBe(0);
      expect(mailTo("patient@example.com")).toHaveLength(1);
      expect((await noticesOf(repair.id))[0]).toMatchObject({ state: "sent", attempts: 2 });
    } finally {
      broken.close();
    }
  });

  it("marks a notice failed, with the reason, on a permanent refusal or after the give-up time", async () => {
    const { api } = await shop();
    const refused = await createRepair(api, { customer_email: "nobody@example.com" });
    await deliver();
    expect((await noticesOf(refused.id))[0]).toMatchObject({ state: "failed", attempts: 1 });
    expect((await noticesOf(refused.id))[0].lastError).toMatch(/550/);

    const down = await startInbox();
    await down.close();
    const broken = smtpMailer(down.url);
    try {
      const old = await createRepair(api, { customer_email: "late@example.com" });
      await db().notice.updateMany({
        where: { repairId: old.id },
        data: { createdAt: new Date(Date.now() - 49 * 3_600_000) },
      });
      await deliverDueNotices(db(), broken);
      expect((await noticesOf(old.id))[0]).toMatchObject({ state: "failed" });
    } finally {
      broken.close();
    }
  });

  it("never sends one notice twice with two workers delivering at once", async () => {
    const { api } = await shop({ notifyReceived: false, notifyStatuses: ["diagnosing"] });
    const repairs = await Promise.all(
      Array.from({ length: 30 }, (_, i) => createRepair(api, { customer_email: `twice-${i}@example.com` })),
    );
    for (const repair of repairs) await api.status(repair.id, "diagnosing");
    const other = createDb(database.url(), 4);
    const otherMailer = smtpMailer();
    try {
      const before = inbox.messages.length;
      const [a, b] = await Promise.all([deliver(), deliverDueNotices(other, otherMailer)]);
      expect(a + b).toBe(30);
      const arrived = inbox.messages
        .slice(before)
        .filter((m) => m.to && "text" in m.to && m.to.text.startsWith("twice-"));
      expect(arrived).toHaveLength(30);
      expect(new Set(arrived.map((m) => m.messageId)).size).toBe(30);
    } finally {
      otherMailer.close();
      await other.$disconnect();
    }
  });

  it("queues each timed reminder once, however many servers look at the same time", async () => {
    const { api, owner } = await shop({ notifyReceived: false, notifyQuote: false });
    const quoted = await createRepair(api, { customer_email: "soon@example.com", customer_language: "es" });
    await api.quote(quoted.id, { amount: 120, expires_in_hours: 48 });
    // Not within 24 hours yet, and the reminder switched off: nothing.
    expect(await queueReminders(db())).toBe(0);
    await db().repair.update({
      where: { id: quoted.id },
      data: { quoteExpiresAt: new Date(Date.now() + 20 * 3_600_000) },
    });
    expect(await queueReminders(db())).toBe(0);
    await db().shop.update({
      where: { id: owner.shopId },
      data: { notifyQuoteExpiring: true, notifyNotCollectedDays: 7 },
    });

    const ready = await createRepair(api, {
      customer_email: "waiting@example.com",
      item_type: "jewelry",
      customer_language: "es",
    });
    await api.status(ready.id, "ready");
    await db().statusHistory.updateMany({
      where: { repairId: ready.id, toStatus: "ready" },
      data: { changedAt: new Date(Date.now() - 8 * 86_400_000) },
    });
    await db().notice.deleteMany({ where: { repairId: ready.id } });

    const counts = await Promise.all([queueReminders(db()), queueReminders(db()), queueReminders(db())]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await queueReminders(db())).toBe(0);
    expect((await noticesOf(quoted.id)).map((n) => n.event)).toEqual(["quote_expiring"]);
    const [reminder] = await noticesOf(ready.id);
    expect(reminder.event).toBe("not_collected");
    expect(reminder.subject).toBe("Rellotgeria Vidal: su joya le espera (reparación " + ready.repair_number + ")");
    expect(reminder.textBody).toMatch(/Su joya está lista para recoger desde el \d\d\/\d\d\/\d{4}\. Pase a recogerla/);
  });

  it("lists a repair's notices for staff, and sends one again as a new notice", async () => {
    const { api, token } = await shop();
    const repair = await createRepair(api, { customer_email: "again@example.com" });
    await deliver();
    const listed = await (await listRoute(authed(`/api/repairs/${repair.id}/notices`, token), ctx(repair.id))).json();
    expect(listed.mail_configured).toBe(true);
    expect(listed.notices).toMatchObject([{ event: "received", state: "sent", to_email: "again@example.com" }]);

    await api.update(repair.id, { customer_email: "fixed@example.com" });
    const resent = await resendRoute(
      authed(`/api/repairs/${repair.id}/notices/${listed.notices[0].id}/resend`, token, {}),
      ctx(repair.id, listed.notices[0].id),
    );
    expect(resent.status).toBe(201);
    expect((await resent.json()).notice).toMatchObject({ state: "queued", to_email: "fixed@example.com" });
    await deliver();
    expect(mailTo("fixed@example.com")[0].subject).toBe(mailTo("again@example.com")[0].subject);

    // Another shop sees none of it.
    const stranger = await shopSession();
    const foreign = await listRoute(authed(`/api/repairs/${repair.id}/notices`, stranger.token), ctx(repair.id));
    expect(foreign.status).toBe(404);
    const foreignResend = await resendRoute(
      authed(`/api/repairs/${repair.id}/notices/${listed.notices[0].id}/resend`, stranger.token, {}),
      ctx(repair.id, listed.notices[0].id),
    );
    expect(foreignResend.status).toBe(404);
  });

  it("sends again a notice made afresh: the status link as it is now, not the one replaced", async () => {
    const { api, token } = await shop();
    const repair = await createRepair(api, { customer_email: "relink@example.com" });
    const [first] = await noticesOf(repair.id);
    const replaced = await replaceLinkRoute(authed(`/api/repairs/${repair.id}/status-link`, token, {}), ctx(repair.id));
    const { status_url } = await replaced.json();
    expect(status_url).not.toBe(repair.status_url);
    const resent = await resendRoute(
      authed(`/api/repairs/${repair.id}/notices/${first.id}/resend`, token, {}),
      ctx(repair.id, first.id),
    );
    expect(resent.status).toBe(201);
    expect((await noticesOf(repair.id)).at(-1)!.subject).toBe(first.subject);
    await deliver();
    const copy = mailTo("relink@example.com").at(-1)!;
    expect(copy.text).toContain(status_url);
    expect(copy.text).not.toContain(repair.status_url);
    expect(copy.html).toContain(status_url);
  });

  it("caps sending again: 3 times a notice and 10 times a repair a day, answered 429 with the reason", async () => {
    const { api, token } = await shop();
    const repair = await createRepair(api, { customer_email: "flood@example.com" });
    const resend = async (noticeId: string) =>
      resendRoute(authed(`/api/repairs/${repair.id}/notices/${noticeId}/resend`, token, {}), ctx(repair.id, noticeId));
    const [first] = await noticesOf(repair.id);
    for (let i = 0; i < 3; i++) expect((await resend(first.id)).status).toBe(201);
    const fourth = await resend(first.id);
    expect(fourth.status).toBe(429);
    expect(await fourth.json()).toEqual({
      code: "resendLimitReached",
      error: "This email has been sent again as often as it may today.",
    });
    // The copies are notices of their own, but the repair's cap holds them.
    const copies = (await noticesOf(repair.id)).slice(1);
    const outcomes: number[] = [];
    for (const copy of copies) for (let i = 0; i < 3; i++) outcomes.push((await resend(copy.id)).status);
    expect(outcomes.filter((s) => s === 201)).toHaveLength(7);
    expect(outcomes.filter((s) => s === 429)).toHaveLength(2);
    expect(await noticesOf(repair.id)).toHaveLength(1 + 10);
  });

  it("caps a shop's mail at the operator's SHOP_MAIL_PER_HOUR when set", async () => {
    expect(settings().SHOP_MAIL_PER_HOUR).toBe(200);
    process.env.SHOP_MAIL_PER_HOUR = "2";
    forgetSettings();
    try {
      const { api } = await shop();
      const make = (n: number) =>
        api.create({ customer_name: "A", item_description: "B", customer_email: `cap${n}@example.com` });
      expect([(await make(1)).status, (await make(2)).status, (await make(3)).status]).toEqual([201, 201, 429]);
    } finally {
      delete process.env.SHOP_MAIL_PER_HOUR;
      forgetSettings();
    }
  });

  it("caps a shop's customer mail per hour, refusing the change whole, and a change that tells no one goes through", async () => {
    const { api, token, owner } = await shop();
    const repair = await createRepair(api, { customer_email: "cap@example.com" });
    await db().notice.createMany({
      data: Array.from({ length: settings().SHOP_MAIL_PER_HOUR - 2 }, () => ({
        shopId: owner.shopId,
        repairId: repair.id,
        event: "received" as const,
        toEmail: "cap@example.com",
        language: "en" as const,
        subject: "s",
        textBody: "t",
        htmlBody: "h",
        state: "sent" as const,
      })),
    });
    // The 200th of the hour is queued; the next is refused with the repair it came with.
    const last = await api.create({
      repair_number: "R-CAP-1",
      customer_name: "A",
      item_description: "B",
      customer_email: "a@example.com",
    });
    expect(last.status).toBe(201);
    const refused = await api.create({
      repair_number: "R-CAP-2",
      customer_name: "A",
      item_description: "B",
      customer_email: "b@example.com",
    });
    expect(refused.status).toBe(429);
    expect((await refused.json()).code).toBe("mailLimitReached");
    expect(await db().repair.count({ where: { shopId: owner.shopId, repairNumber: "R-CAP-2" } })).toBe(0);
    const bulk = await bulkRoute(authed("/api/repairs/status", token, { ids: [repair.id], status: "ready" }, "PATCH"));
    expect(bulk.status).toBe(429);
    expect((await db().repair.findUniqueOrThrow({ where: { id: repair.id } })).status).toBe("received");
    const quiet = await api.create({
      repair_number: "R-CAP-3",
      customer_name: "A",
      item_description: "B",
      customer_email: "c@example.com",
      notify: false,
    });
    expect(quiet.status).toBe(201);
    // Another shop's mail is its own.
    const other = await shop();
    expect((await createRepair(other.api, { customer_email: "d@example.com" })).id).toBeTruthy();
  });

  it("keeps the shop's switches, checked, for any account of the shop", async () => {
    const { token } = await shopSession();
    const defaults = await (await settingsGet(authed("/api/shop/notices", token))).json();
    expect(defaults).toEqual({
      mail_configured: true,
      received: true,
      quote: true,
      ready: true,
      quote_expiring: false,
      not_collected_days: null,
      statuses: [],
      shop_answers: false,
      shop_email: null,
    });
    const saved = await settingsPut(
      authed(
        "/api/shop/notices",
        token,
        { ready: false, not_collected_days: 10, statuses: ["in_repair", "in_repair"] },
        "PUT",
      ),
    );
    expect(await saved.json()).toMatchObject({ ready: false, not_collected_days: 10, statuses: ["in_repair"] });
    for (const [body, field, code] of [
      [{ not_collected_days: 0 }, "not_collected_days", "daysInvalid"],
      [{ not_collected_days: 2.5 }, "not_collected_days", "daysInvalid"],
      [{ statuses: ["ready"] }, "statuses.0", "statusInvalid"],
      [{ received: "yes" }, "received", "invalidField"],
      [{ shop_answers: "on" }, "shop_answers", "invalidField"],
    ] as const) {
      const refused = await settingsPut(authed("/api/shop/notices", token, body, "PUT"));
      expect(refused.status).toBe(400);
      expect((await refused.json()).fields).toEqual({ [field]: code });
    }
  });

  it("refuses a customer email that is not one", async () => {
    const { api } = await shopSession();
    const response = await api.create({
      repair_number: "R-BAD-EMAIL",
      customer_name: "X",
      item_description: "Y",
      customer_email: "not-an-email",
    });
    expect(response.status).toBe(400);
    expect((await response.json()).fields).toEqual({ customer_email: "emailInvalid" });
    for (const listed of ["x<victim@evil.example>", "a,b@evil.example", "grp:v@evil.example;"]) {
      const refused = await api.create({
        repair_number: "R-LIST",
        customer_name: "X",
        item_description: "Y",
        customer_email: listed,
      });
      expect(refused.status).toBe(400);
    }
  });
});

describe("the shop's email on a customer's answer", () => {
  /** The customer answers the quote on their status page. */
  const answerByLink = (statusUrl: string, answer: "approve" | "decline") => {
    const token = statusUrl.split("/t/")[1];
    return answerRoute(
      new Request(`http://localhost/t/${token}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", [CLIENT_ADDRESS_HEADER]: "198.51.100.77" },
        body: `answer=${answer}`,
      }),
      { params: Promise.resolve({ token }) },
    );
  };
  const settingsOf = async (token: string) => (await settingsGet(authed("/api/shop/notices", token))).json();

  it("is off until an owner turns it on, then tells the shop in its language which quote was approved or declined", async () => {
    const { api, token, owner } = await shop({ notifyQuote: false, notifyReceived: false });
    await db().shop.update({ where: { id: owner.shopId }, data: { email: "taller@vidal.cat", language: "ca" } });
    expect(await settingsOf(token)).toMatchObject({ shop_answers: false, shop_email: "taller@vidal.cat" });
    const quoted = async (number: string) => {
      const repair = await createRepair(api, {
        repair_number: number,
        customer_name: "Montse Ferrer",
        item_description: "Omega Seamaster",
        customer_language: "es",
      });
      expect((await api.quote(repair.id, { amount: "285,5", expires_in_hours: 48 })).status).toBe(200);
      return repair;
    };

    // Off: the answer is taken, and nothing is mailed.
    const before = await quoted("R-A0");
    expect((await answerByLink(before.status_url, "approve")).status).toBe(303);
    expect((await noticesOf(before.id)).map((n) => n.event)).toEqual([]);

    const saved = await settingsPut(authed("/api/shop/notices", token, { shop_answers: true }, "PUT"));
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ shop_answers: true });

    const approved = await quoted("R-A1");
    const declined = await quoted("R-A2");
    expect((await answerByLink(approved.status_url, "approve")).status).toBe(303);
    expect((await answerByLink(declined.status_url, "decline")).status).toBe(303);
    // A second answer to an answered quote changes nothing and mails nothing.
    await answerByLink(approved.status_url, "decline");
    await deliver();

    const mails = mailTo("taller@vidal.cat");
    expect(mails.map((m) => m.subject).sort()).toEqual([
      "Reparació R-A1: Montse Ferrer ha acceptat el pressupost",
      "Reparació R-A2: Montse Ferrer ha rebutjat el pressupost",
    ]);
    const yes = mails.find((m) => String(m.subject).includes("R-A1"))!;
    expect((yes.text as string).replace(/\u00a0/g, " ")).toContain(
      "Montse Ferrer ha acceptat el pressupost de 285,50 € per a Omega Seamaster (reparació R-A1)",
    );
    expect(yes.text).toContain(`${settings().APP_URL.replace(/\/+$/, "")}/repairs/${approved.id}`);
    // Nothing of the customer's: no status link, no address of theirs.
    expect(yes.text).not.toContain("/t/");

    // The repair's notices list it as the shop's, and "send again" sends it to the shop again.
    const listed = await (
      await listRoute(authed(`/api/repairs/${approved.id}/notices`, token), ctx(approved.id))
    ).json();
    expect(listed.notices).toMatchObject([{ event: "answered", status: "approved", to_email: "taller@vidal.cat" }]);
    const again = await resendRoute(
      authed(`/api/repairs/${approved.id}/notices/${listed.notices[0].id}/resend`, token, {}),
      ctx(approved.id, listed.notices[0].id),
    );
    expect(again.status).toBe(201);
    await deliver();
    expect(mailTo("taller@vidal.cat").filter((m) => String(m.subject).includes("R-A1"))).toHaveLength(2);
  });

  it("sends nothing while the shop has no email of its own, and says so in the settings", async () => {
    const { api, token, owner } = await shop({ notifyQuote: false, notifyReceived: false, notifyShopAnswers: true });
    await db().shop.update({ where: { id: owner.shopId }, data: { email: null } });
    expect(await settingsOf(token)).toMatchObject({ shop_answers: true, shop_email: null });
    const repair = await createRepair(api, { customer_email: "someone@example.com" });
    await api.quote(repair.id, { amount: 40, expires_in_hours: 48 });
    expect((await answerByLink(repair.status_url, "approve")).status).toBe(303);
    expect((await noticesOf(repair.id)).filter((n) => n.event === "answered")).toEqual([]);
  });
});
