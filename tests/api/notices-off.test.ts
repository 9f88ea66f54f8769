import { describe, expect, it } from "vitest";
import { GET as settingsGet } from "@/app/api/shop/notices/route";
import { GET as listRoute } from "@/app/api/repairs/[id]/notices/route";
import { POST as resendRoute } from "@/app/api/repairs/[id]/notices/[noticeId]/resend/route";
import { db } from "@/lib/db";
import { forgetSettings } from "@/lib/env";
import { authed } from "../helpers/auth";
import { createRepair, shopSession } from "../helpers/repairs";
import { withTestDatabase } from "../helpers/test-database";

// A server with no mail server configured (the default): the switches say
// so, and nothing is ever queued.
delete process.env.SMTP_URL;
delete process.env.MAIL_FROM;
forgetSettings();

withTestDatabase();

describe("notices on a server without SMTP_URL", () => {
  it("queues nothing, says mail is not configured, and refuses to send again", async () => {
    const { api, token } = await shopSession();
    const repair = await createRepair(api, { customer_email: "joana@example.com" });
    await api.quote(repair.id, { amount: 10 });
    await api.status(repair.id, "ready");
    expect(await db().notice.count({ where: { repairId: repair.id } })).toBe(0);

    const settings = await (await settingsGet(authed("/api/shop/notices", token))).json();
    expect(settings).toMatchObject({ mail_configured: false, received: true });
    const ctx = { params: Promise.resolve({ id: repair.id, noticeId: "00000000-0000-4000-8000-000000000000" }) };
    expect(
      (await (await listRoute(authed(`/api/repairs/${repair.id}/notices`, token), ctx)).json()).mail_configured,
    ).toBe(false);
    const resent = await resendRoute(authed(`/api/repairs/${repair.id}/notices/x/resend`, token, {}), ctx);
    expect(resent.status).toBe(409);
    expect((await resent.json()).error).toBe(
      "Email is not set up on this server: ask whoever runs it to set SMTP_URL and MAIL_FROM",
    );
  });
});
