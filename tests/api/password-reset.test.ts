import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { GET as canMail, POST as forgotRoute } from "@/app/api/auth/forgot-password/route";
import { POST as resetRoute } from "@/app/api/auth/reset-password/route";
import { GET as meRoute } from "@/app/api/auth/me/route";
import { workerPoolStats } from "@/lib/auth/worker-pool";
import { db } from "@/lib/db";
import { forgetSettings } from "@/lib/env";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/client-address";
import { authed, loginAs, newOwner, PASSWORD, signIn } from "../helpers/auth";
import { jsonRequest } from "../helpers/requests";
import { run, TSX } from "../helpers/processes";
import { startInbox } from "@/scripts/lib/mail-sink";
import { withTestDatabase } from "../helpers/test-database";

// "Forgot password" with mail set up: a single-use link, valid 30 minutes,
// mailed in the account's language; the same answer for an unknown email;
// the new password ends every session of the account.

const inbox = await startInbox();
process.env.SMTP_URL = inbox.url;
process.env.MAIL_FROM = "Repair Desk <noreply@example.com>";
forgetSettings();
const database = withTestDatabase();
afterAll(() => inbox.close());

const NEW_PASSWORD = "Another-Horse-77";
let address = 0;
const ask = (email: string, ip = `198.51.100.${++address % 250}`) =>
  forgotRoute(jsonRequest("/api/auth/forgot-password", { email }, { headers: { [CLIENT_ADDRESS_HEADER]: ip } }));
const reset = (token: string, password = NEW_PASSWORD, ip = `203.0.113.${++address % 250}`) =>
  resetRoute(
    jsonRequest("/api/auth/reset-password", { token, password }, { headers: { [CLIENT_ADDRESS_HEADER]: ip } }),
  );
const mailTo = (email: string) => inbox.messages.filter((m) => m.to && "text" in m.to && m.to.text.includes(email));
const tokenIn = (text: string) => /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(text)![1];

async function linkFor(email: string) {
  const before = mailTo(email).length;
  const answer = await ask(email);
  expect(answer.status).toBe(200);
  for (let i = 0; i < 100 && mailTo(email).length === before; i++) await new Promise((r) => setTimeout(r, 50));
  return mailTo(email).at(-1)!;
}

describe("forgot password", () => {
  it("mails a link that sets a new password once, ending every session of the account", async () => {
    const owner = await newOwner();
    await db().user.update({ where: { email: owner.email }, data: { language: "ca" } });
    const session = await signIn(owner.email);
    expect(await (await canMail(new Request("http://localhost/api/auth/forgot-password"))).json()).toEqual({
      mail_configured: true,
    });

    const mail = await linkFor(owner.email);
    expect(mail.subject).toBe("Tria una contrasenya nova");
    expect(mail.text).toContain("L'enllaç serveix un cop, durant 30 minuts.");
    const token = tokenIn(mail.text!);
    // Only its hash is kept.
    const stored = await db().passwordReset.findFirstOrThrow({ where: { user: { email: owner.email } } });
    expect(stored.tokenHash).not.toContain(token);

    const weak = await reset(token, "short");
    expect(weak.status).toBe(400);
    const done = await reset(token);
    expect(done.status).toBe(200);
    expect((await done.json()).message).toContain("Your password has been changed");
    expect((await meRoute(authed("/api/auth/me", session.accessToken))).status).toBe(401);
    expect((await loginAs(owner.email, PASSWORD)).status).toBe(403);
    expect((await loginAs(owner.email, NEW_PASSWORD)).status).toBe(200);

    const again = await reset(token, "Third-Horse-999");
    expect(again.status).toBe(400);
    expect((await again.json()).code).toBe("resetLinkInvalid");
  });

  it("answers an unknown email exactly as a known one, and mails nothing", async () => {
    const owner = await newOwner();
    const known = await ask(owner.email);
    const unknown = await ask(`nobody-${Date.now()}@example.com`);
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    await new Promise((r) => setTimeout(r, 300));
    expect(inbox.messages.filter((m) => m.to && "text" in m.to && m.to.text.includes("nobody-"))).toHaveLength(0);
  });

  it("refuses a link older than 30 minutes, or used up by a later one's use", async () => {
    const owner = await newOwner();
    const first = tokenIn((await linkFor(owner.email)).text!);
    const second = tokenIn((await linkFor(owner.email)).text!);
    await db().passwordReset.updateMany({
      where: { user: { email: owner.email } },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await reset(second)).status).toBe(400);
    await db().passwordReset.updateMany({
      where: { user: { email: owner.email } },
      data: { expiresAt: new Date(Date.now() + 60_000) },
    });
    expect((await reset(second)).status).toBe(200);
    expect((await reset(first, "Fourth-Horse-444")).status).toBe(400);
  });

  it("limits the links asked for an email to 3 an hour, known or not", async () => {
    const owner = await newOwner();
    for (const email of [owner.email, `ghost-${Date.now()}@example.com`]) {
      for (let i = 0; i < 3; i++) expect((await ask(email)).status).toBe(200);
      const limited = await ask(email);
      expect(limited.status).toBe(429);
      expect((await limited.json()).code).toBe("tooManyAttempts");
    }
    // The three links of the known email arrive (and no more).
    for (let i = 0; i < 100 && mailTo(owner.email).length < 3; i++) await new Promise((r) => setTimeout(r, 50));
    expect(mailTo(owner.email)).toHaveLength(3);
  });

  it("answers a flood of made-up links with 400 then 429, hashing nothing, while the owner signs in", async () => {
    const owner = await newOwner();
    const hashesBefore = workerPoolStats().done.hash;
    const made = () => randomBytes(32).toString("base64url");
    const flood = Promise.all(Array.from({ length: 60 }, () => reset(made(), "Nw5$Lp8!Hq3@Zr", "192.0.2.66")));
    const signIn = loginAs(owner.email, PASSWORD);
    const [answers, signedIn] = await Promise.all([flood, signIn]);
    expect(signedIn.status).toBe(200);
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
    expect(answers.find((a) => a.status === 429)!.headers.get("Retry-After")).toMatch(/^\d+$/);
    // Not one new password was hashed for a link that does not exist.
    expect(workerPoolStats().done.hash).toBe(hashesBefore);
    // Another address is not held back by this one's flood, and a real link still works.
    const token = tokenIn((await linkFor(owner.email)).text!);
    expect((await reset(token)).status).toBe(200);
  });

  it("lets the operator set a new password from a shell, typed at the prompt, ending every session", async () => {
    const owner = await newOwner();
    const session = await signIn(owner.email);
    const resetBy = (email: string, typed: string) =>
      run([...TSX, "scripts/account-reset-password.ts", "--email", email], { DATABASE_URL: database.url() }, typed);
    const weak = await resetBy(owner.email, "short\n");
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain("Password must be at least 12 characters long");
    const unknown = await resetBy("nobody@example.com", `${NEW_PASSWORD}\n`);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No account has or had the email nobody@example.com.");
    const done = await resetBy(owner.email.toUpperCase(), `${NEW_PASSWORD}\n`);
    expect(done.code).toBe(0);
    expect(done.stdout).toContain(`New password set for ${owner.email}`);
    expect((await meRoute(authed("/api/auth/me", session.accessToken))).status).toBe(401);
    expect((await loginAs(owner.email, NEW_PASSWORD)).status).toBe(200);
  });
});
