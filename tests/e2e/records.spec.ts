import { expect, test } from "@playwright/test";
import { expectNoSidewaysScroll, inCatalan } from "./session";

// Nothing paid is erased (issue 49), on a phone at 360 px, in Catalan: money
// not given back refuses the delete; given back, the repair is deleted with a
// reason, kept under Deleted repairs, and the owner restores it; the activity
// log tells who did it.

test.use({ viewport: { width: 360, height: 740 } });

test("an owner deletes a paid repair with a reason, finds it under Deleted repairs and restores it", async ({
  page,
  request,
}) => {
  const owner = await inCatalan(page, request);
  const number = `R-E2E-${Date.now()}`;
  const repair = await (
    await request.post("/api/repairs", {
      headers: owner.headers,
      data: { repair_number: number, customer_name: "Núria Vidal", item_description: "Anell d'or, soldadura" },
    })
  ).json();
  const pay = (kind: string) =>
    request.post(`/api/repairs/${repair.id}/payments`, {
      headers: owner.headers,
      data: { kind, amount: "10,00", method: "cash" },
    });
  expect((await pay("deposit")).status()).toBe(201);

  await page.goto(`/repairs/${repair.id}`);
  const remove = async () => {
    await page.getByRole("button", { name: "Elimina", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Elimina la reparació" });
    await expect(dialog).toBeVisible();
    return dialog;
  };
  let dialog = await remove();
  // A reason is asked for.
  await dialog.getByRole("button", { name: "Elimina", exact: true }).click();
  await expect(dialog.getByText("Indica per què s'elimina")).toBeVisible();
  await dialog.getByLabel("Per què s'elimina?").fill("El client l'ha anul·lada");
  await dialog.getByRole("button", { name: "Elimina", exact: true }).click();
  // 10 € not given back: refused, and the dialog says what to do.
  await expect(dialog.getByText("Retorna primer els pagaments")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await dialog.getByRole("button", { name: "Cancel·la" }).click();

  expect((await pay("refund")).status()).toBe(201);
  await page.reload();
  dialog = await remove();
  await dialog.getByLabel("Per què s'elimina?").fill("El client l'ha anul·lada");
  await dialog.getByRole("button", { name: "Elimina", exact: true }).click();
  await expect(page.getByText(`Reparació ${number} eliminada: es conserva a Reparacions eliminades.`)).toBeVisible();
  await expect(page).toHaveURL(/\/repairs(\?|$)/);

  // Settings → Deleted repairs: the repair with who, why; restored from there.
  await page.goto("/settings");
  await page.getByRole("link", { name: "Reparacions eliminades" }).click();
  await expect(page.getByRole("heading", { name: "Reparacions eliminades", level: 1 })).toBeVisible();
  const kept = page.getByRole("region", { name: "Conservades" });
  await expect(kept.getByText(`${number} · Núria Vidal`)).toBeVisible();
  await expect(kept.getByText("Motiu: El client l'ha anul·lada")).toBeVisible();
  await expect(kept.getByText(new RegExp(`Eliminada per ${owner.name} el`))).toBeVisible();
  await expectNoSidewaysScroll(page);
  await kept.getByRole("button", { name: "Restaura" }).click();
  await expect(page.getByText(`Reparació ${number} restaurada.`)).toBeVisible();
  await expect(kept.getByText("No hi ha reparacions eliminades")).toBeVisible();
  await page.goto(`/repairs/${repair.id}`);
  await expect(page.getByText("Núria Vidal").first()).toBeVisible();

  // The activity log tells it, newest first.
  await page.goto("/activity");
  const log = page.getByRole("region", { name: "Activitat" });
  await expect(log.getByText(`Ha restaurat la reparació ${number} (Núria Vidal)`)).toBeVisible();
  await expect(
    log.getByText(
      `Ha eliminat la reparació ${number} (Núria Vidal), conservada a Reparacions eliminades: El client l'ha anul·lada`,
    ),
  ).toBeVisible();
  await expectNoSidewaysScroll(page);
});
