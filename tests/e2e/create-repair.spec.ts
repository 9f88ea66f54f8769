import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { e2eDb } from "./database";
import { drawSignature } from "./draw";
import { addRepair, signedInOwner } from "./session";

const image = async (color: string) => ({
  name: `${color.slice(1)}.jpg`,
  mimeType: "image/jpeg",
  buffer: await sharp({ create: { width: 16, height: 12, channels: 3, background: color } })
    .jpeg()
    .toBuffer(),
});

test("a new repair is created from the dialog with two photos, and shows in the list", async ({ page, request }) => {
  const { headers } = await signedInOwner(page, request);
  await addRepair(request, headers, { repair_number: "R-TAKEN", customer_name: "Ana", item_description: "Anell" });
  await page.goto("/repairs");
  await page.getByRole("button", { name: "New repair" }).click();
  const dialog = page.getByRole("dialog", { name: "New repair" });
  // Left empty, the shop's series gives the number when saved.
  await expect(dialog.getByLabel("Repair number")).toHaveAttribute("placeholder", "Given when saved");
  await expect(dialog.getByLabel("Item type")).toHaveValue("other");
  await expect(dialog.getByLabel("Status")).toHaveValue("received");

  await dialog.getByRole("button", { name: "Create repair" }).click();
  await expect(dialog.getByText("Customer name is required")).toBeVisible();
  await expect(dialog.getByText("Item description is required")).toBeVisible();
  await expect(dialog.getByText("Repair number is required")).toHaveCount(0);
  await dialog.getByLabel("Repair number").fill("R-TAKEN");
  await dialog.getByLabel("Item description").fill("x");
  await expect(dialog.getByText("Item description is required")).toHaveCount(0); // cleared on edit
  await dialog.getByLabel("Item description").fill("");
  // The form holds the server's own limits (the shared schema): said before anything is sent.
  await dialog.getByLabel("Customer name").fill("J".repeat(201));
  await dialog.getByRole("button", { name: "Create repair" }).click();
  await expect(dialog.getByText("This text is too long")).toBeVisible();
  await dialog.getByLabel("Customer name").fill("Jordi Casals");
  await dialog.getByLabel("Customer phone").fill("+34 611 222 333");
  await dialog.getByLabel("Item type").selectOption("watch");
  await dialog.getByLabel("Item description").fill("Longines, no arranca");
  await dialog.getByLabel("Deadline (DD/MM/YYYY)").fill("31/02/2027");
  await dialog.getByRole("button", { name: "Create repair" }).click();
  await expect(dialog.getByText("Deadline must be a real date in DD/MM/YYYY format")).toBeVisible();
  // Phones' numeric keyboards have no "/": digits get their slashes as they come, a pasted date its zeros.
  const deadline = dialog.getByLabel("Deadline (DD/MM/YYYY)");
  await deadline.fill("5/3/2027");
  await expect(deadline).toHaveValue("05/03/2027");
  await deadline.clear();
  // Typed with its slashes, day and month of one digit as people write them.
  await deadline.pressSequentially("5/12/2026");
  await expect(deadline).toHaveValue("05/12/2026");
  await deadline.clear();
  await deadline.pressSequentially("28022027");
  await expect(deadline).toHaveValue("28/02/2027");

  const files = dialog.locator('input[type="file"]');
  await files.setInputFiles([await image("#aa3333"), await image("#3333aa")]);
  let alerted = "";
  page.once("dialog", async (d) => {
    alerted = d.message();
    await d.accept();
  });
  await files.setInputFiles([await image("#33aa33")]);
  await expect.poll(() => alerted).toBe("You can add at most 2 photos.");
  await expect(dialog.getByRole("button", { name: /^Remove / })).toHaveCount(2);
  // Each chosen photo shows as a thumbnail, read from the file itself.
  const thumbnails = dialog.locator('img[src^="blob:"]');
  await expect(thumbnails).toHaveCount(2);
  expect(await thumbnails.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(16);

  await dialog.getByRole("button", { name: "Create repair" }).click();
  // Said once, under the field it is about.
  await expect(dialog.getByText("A repair with this number already exists")).toHaveCount(1);
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await dialog.getByLabel("Repair number").fill("R-NEW-1");
  await dialog.getByRole("button", { name: "Create repair" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "Repair R-NEW-1 created" })).toBeVisible();
  // The ticket and the tag are offered at once, and stay offered after the message goes.
  const offer = page.getByRole("region", { name: "Print for R-NEW-1:" });
  await expect(offer.getByRole("link", { name: "Ticket A5" })).toBeVisible();
  await expect(offer.getByRole("link", { name: "Tag 62 × 29 mm" })).toHaveAttribute("href", /\/print\?format=tag$/);

  await page.getByRole("link", { name: "R-NEW-1" }).first().click();
  await expect(page.getByRole("heading", { name: "R-NEW-1" })).toBeVisible();
  await expect(page.getByText("28/02/2027")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Enlarge photo/ })).toHaveCount(2);
});

test("a photo the server refuses while creating: the repair is created, and the user is told the photo was not added", async ({
  page,
  request,
}) => {
  await signedInOwner(page, request);
  await page.goto("/repairs");
  await page.getByRole("button", { name: "New repair" }).click();
  const dialog = page.getByRole("dialog", { name: "New repair" });
  await dialog.getByLabel("Repair number").fill("R-NOPHOTO");
  await dialog.getByLabel("Customer name").fill("Pere");
  await dialog.getByLabel("Item description").fill("Arracada");
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: "fake.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not really a photo") });
  await dialog.getByRole("button", { name: "Create repair" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "Repair R-NOPHOTO was created, but its photos were not added: Only JPEG, PNG and WebP images can be uploaded",
  );
  await expect(page.getByRole("link", { name: "R-NOPHOTO" }).first()).toBeVisible();
});

test("a deadline before today is asked about once; saving again keeps it", async ({ page, request }) => {
  await signedInOwner(page, request);
  await page.goto("/repairs");
  await page.getByRole("button", { name: "New repair" }).click();
  const dialog = page.getByRole("dialog", { name: "New repair" });
  await dialog.getByLabel("Repair number").fill("R-PAST");
  await dialog.getByLabel("Customer name").fill("Jordi Casals");
  await dialog.getByLabel("Item description").fill("Longines");
  await dialog.getByLabel("Deadline (DD/MM/YYYY)").fill("15/1/2026");
  await dialog.getByRole("button", { name: "Create repair" }).click();
  await expect(dialog.getByText("This date is in the past. Save again to keep it.")).toBeVisible();
  await expect(dialog.getByLabel("Deadline (DD/MM/YYYY)")).toBeFocused();
  await dialog.getByRole("button", { name: "Create repair" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator("tbody tr").filter({ hasText: "R-PAST" })).toContainText("15/01/2026");
});

test("a session that ends while a repair is typed: after signing in again the form comes back as it was", async ({
  page,
  request,
}) => {
  const { email, headers } = await signedInOwner(page, request);
  await page.goto("/repairs");
  await page.getByRole("button", { name: "New repair" }).click();
  let dialog = page.getByRole("dialog", { name: "New repair" });
  await dialog.getByLabel("Repair number").fill("R-KEPT");
  await dialog.getByLabel("Customer name").fill("Jordi Casals");
  await dialog.getByLabel("Customer phone").fill("+34 611 222 333");
  await dialog.getByLabel("Item description").fill("Longines, no arranca");
  await dialog
    .locator('input[type="file"]')
    .first()
    .setInputFiles([await image("#aa3333")]);

  // The server no longer knows this session (both tokens refused): Create leads to the sign-in page.
  await page.evaluate(() => {
    localStorage.setItem("accessToken", "expired");
    localStorage.setItem("refreshToken", "revoked");
  });
  await dialog.getByRole("button", { name: "Create repair" }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Frepairs&ended=sessionExpired$/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("Correct-Horse-9");
  await page.getByRole("button", { name: "Sign in" }).click();

  dialog = page.getByRole("dialog", { name: "New repair" });
  await expect(dialog.getByText("What you had typed was kept: check it and save.")).toBeVisible();
  await expect(dialog.getByText("The photos chosen before were not kept: add them again (aa3333.jpg).")).toBeVisible();
  await expect(dialog.getByLabel("Repair number")).toHaveValue("R-KEPT");
  await expect(dialog.getByLabel("Customer phone")).toHaveValue("+34 611 222 333");
  await dialog.getByRole("button", { name: "Create repair" }).click();
  await expect(dialog).toHaveCount(0);
  const list = await (await request.get("/api/repairs?search=R-KEPT", { headers })).json();
  expect(list.repairs).toHaveLength(1);
  // Saved: the draft is gone, and the list opens as usual.
  await page.reload();
  await expect(page.getByRole("link", { name: "R-KEPT" }).first()).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // An edit, the same way; closing the form on purpose drops what was typed.
  await page.getByRole("link", { name: "R-KEPT" }).first().click();
  await page.getByRole("button", { name: "Edit" }).click();
  dialog = page.getByRole("dialog", { name: "Edit repair" });
  await dialog.getByLabel("Internal notes").fill("Cal canviar la corona");
  await page.reload();
  await expect(page.getByRole("dialog", { name: "Edit repair" }).getByLabel("Internal notes")).toHaveValue(
    "Cal canviar la corona",
  );
  await page.getByRole("button", { name: "Cancel" }).click();
  await page.reload();
  await expect(page.getByRole("heading", { name: "R-KEPT" })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("three items left in one visit: the form goes on to the next with the customer typed in, and one email names them all", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signedInOwner(page, request);
  await page.goto("/repairs");
  await page.getByRole("button", { name: "New repair" }).click();
  const dialog = page.getByRole("dialog", { name: "New repair" });
  await dialog.getByLabel("Customer name").fill("Montse Ferrer");
  await dialog.getByLabel("Customer email").fill("montse.visit@example.com");
  const items = ["Omega Seamaster", "Rolex Datejust", "Anell d'or"];
  for (const item of items.slice(0, 2)) {
    await dialog.getByLabel("Item description").fill(item);
    await dialog.getByRole("button", { name: "Save and add another item" }).click();
    await expect(dialog.getByText(/^Repair R-\S+ saved\. Now the next item of this visit/)).toBeVisible();
    // The next item's form: the customer kept, the item empty, the visit said.
    await expect(dialog.getByLabel("Customer name")).toHaveValue("Montse Ferrer");
    await expect(dialog.getByLabel("Customer email")).toHaveValue("montse.visit@example.com");
    await expect(dialog.getByLabel("Item description")).toHaveValue("");
    await expect(dialog.getByText(/^Another item of the same visit as R-/)).toBeVisible();
  }
  await dialog.getByLabel("Item description").fill(items[2]);
  await dialog.getByRole("button", { name: "Create repair" }).click();
  await expect(dialog).toBeHidden();

  // The customer signs once, on the last item's screen, for all three.
  await page.getByRole("link", { name: "Customer signs" }).click();
  const sign = page.getByRole("dialog", { name: "Customer's signature" });
  await expect(
    sign.getByText(
      /^It also signs for the other items of this visit not signed yet: R-\S+ \(Omega Seamaster\); R-\S+ \(Rolex Datejust\)\.$/,
    ),
  ).toBeVisible();
  await drawSignature(page, sign.getByRole("img", { name: /Signature box/ }));
  await sign.getByRole("button", { name: "Save signature" }).click();
  await expect(sign).toBeHidden();
  const lastId = page.url().split("/repairs/")[1].split("?")[0];

  const client = e2eDb();
  try {
    const repairs = await client.repair.findMany({
      where: { customerEmail: "montse.visit@example.com" },
      orderBy: { createdAt: "asc" },
      select: { id: true, visitId: true, itemDescription: true, repairNumber: true },
    });
    expect(repairs.map((r) => r.itemDescription)).toEqual(items);
    expect(new Set(repairs.map((r) => r.visitId))).toEqual(new Set([repairs[0].id]));
    // One "received" email, the last item's, naming the other two.
    const notices = await client.notice.findMany({ where: { repairId: { in: repairs.map((r) => r.id) } } });
    expect(notices.map((n) => n.repairId)).toEqual([repairs[2].id]);
    expect(notices[0].textBody).toContain(
      `In the same visit you also left: ${repairs[0].repairNumber} (Omega Seamaster); ${repairs[1].repairNumber} (Rolex Datejust).`,
    );
    expect(repairs[2].id).toBe(lastId);
    const signed = await client.signature.findMany({ where: { repairId: { in: repairs.map((r) => r.id) } } });
    expect(signed.map((s) => s.stage)).toEqual(["intake", "intake", "intake"]);

    // One receipt: the last item's ticket lists the visit's three items, each with its own facts.
    await page.goto(`/repairs/${lastId}/print?format=receipt`);
    const customerCopy = page.locator('article[data-copy="customer"]');
    await expect(
      customerCopy.getByText(`3 items left together: ${repairs.map((r) => r.repairNumber).join(", ")}`),
    ).toBeVisible();
    for (const item of items) await expect(customerCopy.getByText(item, { exact: false })).toBeVisible();
    await expect(customerCopy.getByRole("heading", { name: repairs[0].repairNumber })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
  } finally {
    await client.$disconnect();
  }
});
