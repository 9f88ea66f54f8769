import { describe, expect, it } from "vitest";
import { GET as pageRoute, POST as answerRoute } from "@/app/t/[token]/route";
import { POST as replaceRoute } from "@/app/api/repairs/[id]/status-link/route";
import { GET as answersRoute } from "@/app/api/repairs/answers/route";
import { GET as queuesRoute } from "@/app/api/repairs/queues/route";
import { db } from "@/lib/db";
import { settings } from "@/lib/env";
import { authed } from "../helpers/auth";
import { createRepair, shopSession } from "../helpers/repairs";
import { withTestDatabase } from "../helpers/test-database";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/client-address";

// The customer's status link (issue 15, parts 2 and 3), on a real Postgres:
// what the page shows and never shows, the one 404, the headers, the limit
// per address, and the answer to a quote, exactly once.

withTestDatabase();

let address = 0;
/** Each test its own address, so the per-address limit only counts its own lookups. */
const newAddress = () => `198.51.100.${++address}`;

const ctx = (token: string) => ({ params: Promise.resolve({ token }) });
const tokenOf = (url: string) => url.split("/t/")[1];

function view(token: string, { ip = newAddress(), query = "", headers = {} as Record<string, string> } = {}) {
  return pageRoute(
    new Request(`http://localhost/t/${token}${query}`, { headers: { [CLIENT_ADDRESS_HEADER]: ip, ...headers } }),
    ctx(token),
  );
}

function answer(token: string, body: string, { ip = newAddress(), headers = {} as Record<string, string> } = {}) {
  return answerRoute(
    new Request(`http://localhost/t/${token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", [CLIENT_ADDRESS_HEADER]: ip, ...headers },
      body,
    }),
    ctx(token),
  );
}

const replace = (token: string, id: string) =>
  replaceRoute(authed(`/api/repairs/${id}/status-link`, token, {}), { params: Promise.resolve({ id }) });

/** The page without its per-response nonce, to compare two answers. */
const withoutNonce = (html: string) => html.replace(/nonce(-|=")[A-Za-z0-9+/=]+/g, "nonce");

async function shopWithRepair(overrides: Record<string, unknown> = {}) {
  const session = await shopSession();
  await db().shop.update({
    where: { id: session.owner.shopId },
    data: {
      name: "Rellotgeria <Vidal> & Fills",
      phone: "+34 971 000 111",
      email: "botiga@vidal.cat",
      address: "Carrer Major 1\nPalma",
      openingHours: "Dl-Dv 10-14 i 17-20",
    },
  });
  const repair = await createRepair(session.api, {
    customer_name: "Joana Ferrer",
    customer_phone: "+34 600 123 456",
    notes: "Secret internal note",
    item_type: "watch",
    item_description: "Omega Seamaster <b>bold</b>",
    deadline: "15/12/2026",
    ...overrides,
  });
  return { ...session, repair, link: tokenOf(repair.status_url) };
}

describe("the repair's status link", () => {
  it("is an absolute link from APP_URL with its own long random token, given with every whole repair", async () => {
    const { api, repair } = await shopWithRepair();
    const other = await createRepair(api);
    expect(repair.status_url).toMatch(new RegExp(`^${settings().APP_URL}/t/[A-Za-z0-9_-]{43}$`));
    expect(other.status_url).not.toBe(repair.status_url);
    expect(repair.status_url).not.toContain(repair.id);
    expect(repair.status_url).not.toContain(repair.repair_number);
    expect((await (await api.get(repair.id)).json()).status_url).toBe(repair.status_url);
    // The list gives each repair in brief, without its link.
    const list = await (await api.list()).json();
    expect(list.repairs.map((r: { id: string }) => r.id)).toContain(repair.id);
    for (const row of list.repairs) expect(row).not.toHaveProperty("status_url");
  });

  it("takes the customer's language, the shop's by default, and refuses another", async () => {
    const { api, owner } = await shopSession();
    expect((await createRepair(api)).customer_language).toBe("en");
    await db().shop.update({ where: { id: owner.shopId }, data: { language: "ca" } });
    expect((await createRepair(api)).customer_language).toBe("ca");
    const spanish = await createRepair(api, { customer_language: "es" });
    expect(spanish.customer_language).toBe("es");
    const edited = await api.update(spanish.id, { customer_language: "en" });
    expect((await edited.json()).customer_language).toBe("en");
    const refused = await api.update(spanish.id, { customer_language: "fr" });
    expect(refused.status).toBe(400);
    expect((await refused.json()).fields).toEqual({ customer_language: "languageInvalid" });
  });

  it("shows the customer what they need and nothing internal, without a script", async () => {
    const { repair, link } = await shopWithRepair();
    const response = await view(link);
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const text of [
      "Rellotgeria &lt;Vidal&gt; &amp; Fills",
      `Repair ${repair.repair_number}`,
      "Watch: Omega Seamaster &lt;b&gt;bold&lt;/b&gt;",
      "Received at the shop",
      "15/12/2026",
      "+34 971 000 111",
      "botiga@vidal.cat",
      "Carrer Major 1<br>Palma",
    ])
      expect(html).toContain(text);
    for (const secret of ["+34 600 123 456", "Secret internal note", "Joana Ferrer", repair.id, "<script", "/uploads/"])
      expect(html).not.toContain(secret);
    // Opening hours only once the item is ready.
    expect(html).not.toContain("Dl-Dv 10-14");
  });

  it("sends noindex, private no-store, no referrer, and a policy that runs no script", async () => {
    const { link } = await shopWithRepair();
    const response = await view(link);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    const policy = response.headers.get("content-security-policy")!;
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toContain("script-src");
    const html = await response.text();
    expect(html).toContain('<meta name="robots" content="noindex,nofollow">');
    const nonce = /style-src 'nonce-([^']+)'/.exec(policy)![1];
    expect(html).toContain(`<style nonce="${nonce}">`);
  });

  it("speaks the customer's language, and switches on request", async () => {
    const { link, api, repair } = await shopWithRepair({ customer_language: "ca" });
    const catalan = await (await view(link)).text();
    expect(catalan).toContain('<html lang="ca">');
    expect(catalan).toContain(`Reparació ${repair.repair_number}`);
    expect(catalan).toContain("Rebut a la botiga");
    const spanish = await (await view(link, { query: "?lang=es" })).text();
    expect(spanish).toContain("Recibido en la tienda");
    expect(spanish).toContain('href="?lang=ca"');
    expect(spanish).not.toContain("Precio final");
    await api.update(repair.id, { final_price: "1234,5" });
    await api.status(repair.id, "ready");
    const ready = await (await view(link, { query: "?lang=en" })).text();
    expect(ready).toContain("Ready for pickup");
    expect(ready).toContain("Dl-Dv 10-14 i 17-20");
    expect(ready).toContain("Final price");
    expect(ready).toContain("€1,234.50");
    expect(await (await view(link, { query: "?lang=es" })).text()).toMatch(/1234,50\s€/);
  });

  it("gives the same 404 for unknown, malformed, replaced and expired links", async () => {
    const { link, repair } = await shopWithRepair();
    const session = await shopWithRepair();
    const answers: string[] = [];
    const notFound = async (t: string) => {
      const response = await view(t, { query: "?lang=en" });
      expect(response.status, t).toBe(404);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      answers.push(withoutNonce(await response.text()));
    };
    await notFound("A".repeat(43));
    await notFound("short");
    await notFound(`${link}x`);
    await notFound("%27%20OR%201%3D1--");

    // Replaced: the old link stops at once, the new one works.
    const replaced = await replace(session.token, session.repair.id);
    expect(replaced.status).toBe(200);
    const fresh = tokenOf((await replaced.json()).status_url);
    expect(fresh).not.toBe(session.repair.status_url);
    await notFound(tokenOf(session.repair.status_url));
    expect((await view(fresh)).status).toBe(200);

    // Expired: 90 days after pickup. Day 89 still works.
    await db().repair.update({
      where: { id: repair.id },
      data: { status: "picked_up", pickedUpAt: new Date(Date.now() - 89 * 86_400_000) },
    });
    expect((await view(link)).status).toBe(200);
    await db().repair.update({
      where: { id: repair.id },
      data: { pickedUpAt: new Date(Date.now() - 91 * 86_400_000) },
    });
    await notFound(link);
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toContain("This link does not work");
  });

  it("lets only the shop's own accounts replace a link", async () => {
    const { repair, link } = await shopWithRepair();
    const stranger = await shopSession();
    const response = await replace(stranger.token, repair.id);
    expect(response.status).toBe(404);
    expect((await view(link)).status).toBe(200);
  });

  it("limits lookups per address, answering in HTML", async () => {
    const { link } = await shopWithRepair();
    const ip = newAddress();
    for (let i = 0; i < 60; i++) expect((await view("B".repeat(43), { ip })).status).toBe(404);
    const limited = await view(link, { ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.text()).toContain("Too many requests");
    expect((await view(link, { ip: newAddress() })).status).toBe(200);
  });
});

describe("answering a quote by link", () => {
  async function quoted(hours = 72) {
    const session = await shopWithRepair();
    const set = await session.api.quote(session.repair.id, {
      amount: "90,5",
      notes: "Vidre nou",
      expires_in_hours: hours,
    });
    expect(set.status).toBe(200);
    return session;
  }

  it("offers approve and decline while pending, as plain forms", async () => {
    const { link } = await quoted();
    const html = await (await view(link)).text();
    expect(html).toContain("€90.50");
    expect(html).toContain("Vidre nou");
    expect(html).toContain(`<form method="post" action="/t/${link}">`);
    expect(html).toContain('name="answer" value="approve"');
    expect(html).toContain('name="answer" value="decline"');
  });

  it("is heard by the shop's open screens: the answer since they last asked, and the queue of approved work to start", async () => {
    const { link, repair, api, token } = await quoted();
    const answersSince = async (after?: string) =>
      (
        await answersRoute(authed(`/api/repairs/answers${after ? `?after=${encodeURIComponent(after)}` : ""}`, token))
      ).json();
    // A screen opens: the answers of the last minute (none yet), and the moment to ask from.
    const opened = await answersSince();
    expect(opened.answers).toEqual([]);
    expect((await answersSince(opened.now)).answers).toEqual([]);

    expect((await answer(link, "answer=approve")).status).toBe(303);
    const heard = await answersSince(opened.now);
    expect(heard.answers).toEqual([
      {
        repair_id: repair.id,
        repair_number: repair.repair_number,
        customer_name: repair.customer_name,
        status: "approved",
        at: expect.any(String),
      },
    ]);
    // A screen that opens now hears it too: it was given while that screen loaded.
    expect((await answersSince()).answers.map((a: { repair_id: string }) => a.repair_id)).toEqual([repair.id]);
    // Each call asks again over its last seconds (an answer committed a moment late is not lost; the
    // screen says it once); past the answer, nothing.
    expect(Date.parse(heard.now)).toBeLessThan(Date.now() - 1_000);
    const past = new Date(Date.parse(heard.answers[0].at) + 1).toISOString();
    expect((await answersSince(past)).answers).toEqual([]);
    // Another shop hears nothing of it.
    const stranger = await shopSession();
    const theirs = await (
      await answersRoute(authed(`/api/repairs/answers?after=${encodeURIComponent(opened.now)}`, stranger.token))
    ).json();
    expect(theirs.answers).toEqual([]);
    // The dashboard's queue of approved work to start has it, and the list filtered by it.
    const queues = await (await queuesRoute(authed("/api/repairs/queues", token))).json();
    expect(queues.queues.approved_to_start).toEqual({ count: 1, capped: false });
    const listed = await (await api.list("?queue=approved_to_start")).json();
    expect(listed.repairs.map((r: { id: string }) => r.id)).toEqual([repair.id]);
    // Not a date: refused as bad input.
    expect((await answersRoute(authed("/api/repairs/answers?after=yesterday", token))).status).toBe(400);
  });

  it("approves: quote and repair approved, recorded as the customer's, then redirects back", async () => {
    const { link, repair, api } = await quoted();
    const response = await answer(link, "answer=approve&lang=es");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/t/${link}?lang=es`);
    const after = await (await api.get(repair.id)).json();
    expect(after).toMatchObject({ status: "approved", quote_status: "approved" });
    const history = await db().statusHistory.findMany({
      where: { repairId: repair.id },
      orderBy: { changedAt: "asc" },
    });
    expect(history.at(-1)).toMatchObject({
      fromStatus: "quoting",
      toStatus: "approved",
      changedById: null,
      byCustomer: true,
    });
    const page = await (await view(link, { query: "?lang=es" })).text();
    expect(page).toContain("Presupuesto aceptado.");
    expect(page).not.toContain('value="approve"');
  });

  it("declines: quote and repair denied", async () => {
    const { link, repair, api } = await quoted();
    expect((await answer(link, "answer=decline")).status).toBe(303);
    expect(await (await api.get(repair.id)).json()).toMatchObject({ status: "denied", quote_status: "denied" });
    expect(await (await view(link)).text()).toContain("Quote declined.");
  });

  it("answers exactly once under parallel approvals and declines", async () => {
    const { link, repair, api } = await quoted();
    const bodies = Array.from({ length: 12 }, (_, i) => (i % 2 ? "answer=decline" : "answer=approve"));
    const responses = await Promise.all(bodies.map((body) => answer(link, body)));
    expect(responses.map((r) => r.status)).toEqual(bodies.map(() => 303));
    const rows = await db().statusHistory.findMany({ where: { repairId: repair.id, byCustomer: true } });
    expect(rows).toHaveLength(1);
    const after = await (await api.get(repair.id)).json();
    expect(after.status).toBe(rows[0].toStatus);
    expect(after.quote_status).toBe(rows[0].toStatus);
    // A later answer (a reload, a second click) changes nothing.
    await answer(link, rows[0].toStatus === "approved" ? "answer=decline" : "answer=approve");
    expect(await db().statusHistory.count({ where: { repairId: repair.id, byCustomer: true } })).toBe(1);
  });

  it("takes no answer once the repair has moved on, and says so instead of offering one", async () => {
    const { link, repair, api } = await quoted();
    for (const status of ["ready", "in_repair", "approved"] as const) {
      await db().repair.update({ where: { id: repair.id }, data: { status } });
      const html = await (await view(link)).text();
      expect(html).toContain("Your repair has moved on since this quote was sent");
      expect(html).not.toContain('value="decline"');
      expect((await answer(link, "answer=decline")).status).toBe(303);
      expect(await (await api.get(repair.id)).json()).toMatchObject({ status, quote_status: "pending" });
    }
    expect(await db().statusHistory.count({ where: { repairId: repair.id, byCustomer: true } })).toBe(0);
  });

  it("answers a token that cannot be one with the same 404 page as an unknown one", async () => {
    await shopWithRepair();
    for (const token of ["\r\nX", "%0d%0aX", "a b", "x".repeat(44)]) {
      const posted = await answer(token, "");
      expect(posted.status).toBe(404);
      expect(posted.headers.get("location")).toBeNull();
      expect(await posted.text()).toContain("This link does not work");
    }
  });

  it("shows an expired quote as expired, asks to contact the shop, and takes no answer", async () => {
    const { link, repair, api, owner } = await quoted(24);
    const expiredAt = new Date(Date.UTC(2026, 10, 20, 9, 30));
    await db().repair.update({ where: { id: repair.id }, data: { quoteExpiresAt: expiredAt } });
    await db().shop.update({ where: { id: owner.shopId }, data: { timeZone: "Europe/Madrid" } });
    const html = await (await view(link)).text();
    expect(html).toContain("This quote expired on 20/11/2026 10:30. Please contact the shop for a new one.");
    expect(html).not.toContain('value="approve"');
    expect((await answer(link, "answer=approve")).status).toBe(303);
    expect(await (await api.get(repair.id)).json()).toMatchObject({ status: "quoting", quote_status: "expired" });
    expect(await db().statusHistory.count({ where: { repairId: repair.id, byCustomer: true } })).toBe(0);
  });

  it("refuses an answer posted from another site, and any answer to an unknown link", async () => {
    const { link, repair, api } = await quoted();
    const cross = await answer(link, "answer=approve", { headers: { "sec-fetch-site": "cross-site" } });
    expect(cross.status).toBe(403);
    expect((await answer("C".repeat(43), "answer=approve")).status).toBe(404);
    expect((await answer(link, "answer=maybe")).status).toBe(303);
    expect((await (await api.get(repair.id)).json()).quote_status).toBe("pending");
  });
});
