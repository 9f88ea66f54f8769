import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/repairs/[id]/history/route";
import { DELETE as deletePhotoRoute } from "@/app/api/repairs/[id]/photos/[photoId]/route";
import { POST as answerRoute } from "@/app/t/[token]/route";
import { db } from "@/lib/db";
import { authed } from "../helpers/auth";
import { createRepair, shopSession, uploadPhotos } from "../helpers/repairs";
import { withTestDatabase } from "../helpers/test-database";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/client-address";

// A repair's history (issue 17, part 1): every change, written in the same
// transaction as the change, read back newest first with who and when.

withTestDatabase();

const history = async (token: string, id: string) => {
  const response = await GET(authed(`/api/repairs/${id}/history`, token), { params: Promise.resolve({ id }) });
  return { status: response.status, body: await response.json() };
};

describe("GET /api/repairs/{id}/history", () => {
  it("tells what happened, newest first, with the account's name or the customer by link", async () => {
    const { api, token, owner } = await shopSession();
    const name = (await db().user.findUniqueOrThrow({ where: { id: owner.userId } })).name;
    const repair = await createRepair(api, { repair_number: "R-H1" });
    await api.status(repair.id, "diagnosing");
    await api.quote(repair.id, { amount: "90,5" });
    const form = new FormData();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#0f0" } })
      .png()
      .toBuffer();
    form.append("photos", new Blob([new Uint8Array(png)], { type: "image/png" }), "front.png");
    const uploaded = await (await uploadPhotos(token, repair.id, form)).json();
    const photoId = uploaded.photos[0].id;
    const removed = await deletePhotoRoute(
      authed(`/api/repairs/${repair.id}/photos/${photoId}`, token, undefined, "DELETE"),
      { params: Promise.resolve({ id: repair.id, photoId }) },
    );
    expect(removed.status).toBe(200);
    const link = repair.status_url.split("/t/")[1];
    await answerRoute(
      new Request(`http://localhost/t/${link}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", [CLIENT_ADDRESS_HEADER]: "203.0.113.9" },
        body: "answer=approve",
      }),
      { params: Promise.resolve({ token: link }) },
    );
    await api.update(repair.id, { final_price: "120" });
    await api.update(repair.id, { final_price: "" });

    const { status, body } = await history(token, repair.id);
    expect(status).toBe(200);
    const seen = body.history.map(
      (e: {
        kind: string;
        from: string | null;
        to: string | null;
        detail: string | null;
        by: string | null;
        by_customer: boolean;
      }) => [e.kind, e.from, e.to, e.detail, e.by_customer ? "customer" : e.by],
    );
    expect(seen).toEqual([
      ["final_price_set", null, null, null, name],
      ["final_price_set", null, null, "120.00", name],
      ["link_answer", "quoting", "approved", null, "customer"],
      ["photo_removed", null, null, "front.png", name],
      ["photo_added", null, null, "front.png", name],
      ["status", "diagnosing", "quoting", null, name],
      ["quote_set", null, null, "90.50", name],
      ["status", "received", "diagnosing", null, name],
      ["created", null, "received", null, name],
    ]);
    for (const entry of body.history) expect(entry.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("answers 404 for another shop's repair", async () => {
    const { api } = await shopSession();
    const stranger = await shopSession();
    const repair = await createRepair(api, {});
    expect((await history(stranger.token, repair.id)).status).toBe(404);
  });
});
