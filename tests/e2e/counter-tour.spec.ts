import { expect, test } from "@playwright/test";
import { e2eDb } from "./database";
import { drawSignature } from "./draw";
import { addRepair, expectNoSidewaysScroll, inCatalan, inSpanish, PASSWORD } from "./session";

// The counter's second tour (issue 51): what a new shop tripped over, played
// again. At 360 px in Catalan: the intake form, the money words before a
// price, WhatsApp, a new colleague's language and a removed account, and a
// returning customer's visit with three items. At 1440 px in Spanish: the
// status menu's descriptions, a refund given as a discount, and the owner
// hearing the customers' answers. The receipts on paper: ticket.spec.ts.

test.describe("at 360 px in Catalan", () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test("an intake with the work asked for and an estimate, its warranty, a deposit before any price, and the news sent by WhatsApp", async ({
    page,
    request,
  }) => {
    const { headers } = await inCatalan(page, request);
    await request.put("/api/shop", { headers, data: { language: "ca", warranty_months: 6 } });
    await page.goto("/repairs");
    await page.getByRole("button", { name: "Nova reparació" }).first().click();
    const form = page.getByRole("dialog", { name: "Nova reparació" });
    // It opens on the customer's name, not on the number the server gives.
    await expect(form.getByLabel("Nom del client")).toBeFocused();
    // The shop's months of warranty, filled in.
    await expect(form.getByLabel("Garantia (mesos)")).toHaveValue("6");
    await form.getByLabel("Nom del client").fill("Montserrat Ferrer i Soler");
    await form.getByLabel("Telèfon del client").fill("612 345 678");
    await form.getByLabel("Tipus d'article").selectOption("watch");
    await form.getByLabel("Descripció de l'article").fill("Rellotge automàtic");
    await form.getByLabel("Treball sol·licitat").fill("Canvi de pila i juntes");
    // A quote first unless another price is agreed; the estimate's amount is asked only for an estimate.
    await expect(form.getByLabel("Preu", { exact: true })).toHaveValue("quote_first");
    await expect(form.getByLabel("Estimació")).toHaveCount(0);
    await form.getByLabel("Preu", { exact: true }).selectOption("estimate");
    await form.getByRole("button", { name: "Crea la reparació" }).click();
    await expect(form.getByText("Introdueix l'estimació")).toBeVisible();
    await form.getByLabel("Estimació").fill("45,5");
    await form.getByLabel("Import (€)").fill("20");
    await form.getByRole("button", { name: "Crea la reparació" }).click();
    await expect(form).toBeHidden();

    const [made] = (await (await request.get("/api/repairs?search=Montserrat", { headers })).json()).repairs;
    await page.goto(`/repairs/${made.id}`);
    await expect(page.getByText("Canvi de pila i juntes")).toBeVisible();
    await expect(page.getByText("Estimat a l'entrada")).toBeVisible();
    // A deposit before a price is money taken, not money to give back.
    await expect(page.getByText("Paga i senyal cobrada; el preu encara no està fixat")).toBeVisible();
    await expect(page.getByText("A retornar")).toHaveCount(0);
    // The news by WhatsApp: the number with Spain's code, the text in Catalan with the status link.
    const whatsapp = page.getByRole("link", { name: "Envia per WhatsApp" });
    await expect(whatsapp).toBeVisible();
    const link = new URL((await whatsapp.getAttribute("href"))!);
    expect(link.origin + link.pathname).toBe("https://wa.me/34612345678");
    expect(link.searchParams.get("text")).toContain("Hola, Montserrat Ferrer i Soler:");
    expect(link.searchParams.get("text")).toContain("/t/");

    // The customer sees what they sign: the item, the work and price agreed, the shop's terms.
    await page.getByRole("button", { name: "Signatura del client" }).click();
    const signing = page.getByRole("dialog", { name: "Signatura del client" });
    const signed = signing.getByRole("region", { name: "El que se signa" });
    await expect(signed.getByText("Canvi de pila i juntes")).toBeVisible();
    await expect(signed.getByText("45,50 €")).toBeVisible();
  });

  test("a new colleague reads the app in the shop's language after signing in, and a removed one is told why they are out", async ({
    page,
    request,
    browser,
  }) => {
    const owner = await inCatalan(page, request);
    await request.put("/api/shop", { headers: owner.headers, data: { language: "ca" } });
    const email = `jordi-${Date.now()}@example.com`;
    expect(
      (
        await request.post("/api/auth/create-subaccount", {
          headers: owner.headers,
          data: { name: "Jordi Vidal", email, password: PASSWORD },
        })
      ).status(),
    ).toBe(201);

    // Jordi's phone speaks Spanish; the sign-in follows it, the app then follows his account (the shop's Catalan).
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      locale: "es-ES",
      extraHTTPHeaders: { "Accept-Language": "es-ES,es;q=0.9" },
    });
    const jordi = await context.newPage();
    await jordi.goto("/login");
    await jordi.getByLabel("Correo electrónico").fill(email);
    await jordi.getByLabel("Contraseña").fill(PASSWORD);
    await jordi.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect(jordi).toHaveURL(/\/dashboard/);
    await expect(jordi.locator("html")).toHaveAttribute("lang", "ca");
    await expect(jordi.getByRole("button", { name: "Menú" })).toBeVisible();

    // Removed by the owner: his next step takes him to sign-in, which says why, in his language.
    const { accounts } = await (await request.get("/api/accounts", { headers: owner.headers })).json();
    const id = accounts.find((a: { email: string }) => a.email === email).id;
    expect(
      (await request.delete(`/api/accounts/${id}`, { headers: owner.headers, data: { password: PASSWORD } })).status(),
    ).toBe(200);
    await jordi.evaluate(() => localStorage.setItem("accessToken", "expired"));
    await jordi.goto("/repairs");
    await expect(jordi).toHaveURL(/\/login\?/);
    await expect(
      jordi.getByText(
        "Aquest compte s'ha eliminat de la botiga. Demana accés de nou al propietari de la botiga si el necessites.",
      ),
    ).toBeVisible();
    await context.close();
  });

  test("a returning customer found as her name is typed, three items of one visit saved one after another, one signature and one email for them all", async ({
    page,
    request,
  }) => {
    const { headers } = await inCatalan(page, request);
    await request.put("/api/shop", { headers, data: { language: "ca" } });
    const email = `montse-${Date.now()}@example.com`;
    // She left a pendant some time ago.
    await addRepair(request, headers, {
      customer_name: "Montserrat Ferrer i Soler",
      customer_phone: "612 345 678",
      customer_email: email,
      customer_language: "ca",
      item_description: "Penjoll",
      notify: false,
    });

    await page.goto("/repairs");
    await page.getByRole("button", { name: "Nova reparació" }).first().click();
    const form = page.getByRole("dialog", { name: "Nova reparació" });
    await form.getByLabel("Nom del client").fill("Montse");
    const earlier = form.getByRole("group", { name: "Clients anteriors" });
    await earlier.getByRole("button", { name: `Montserrat Ferrer i Soler · 612 345 678 · ${email}` }).click();
    await expect(form.getByLabel("Nom del client")).toHaveValue("Montserrat Ferrer i Soler");
    await expect(form.getByLabel("Telèfon del client")).toHaveValue("612 345 678");
    await expect(form.getByLabel("Correu del client")).toHaveValue(email);
    await expect(earlier).toHaveCount(0);

    const items = [
      ["watch", "Omega Seamaster"],
      ["jewelry", "Anell d'or"],
      ["watch", "Rolex Datejust"],
    ];
    for (const [type, item] of items.slice(0, 2)) {
      await form.getByLabel("Tipus d'article").selectOption(type);
      await form.getByLabel("Descripció de l'article").fill(item);
      await form.getByRole("button", { name: "Desa i afegeix un altre article" }).click();
      await expect(form.getByText(/^Reparació R-\S+ desada\. Ara el següent article d’aquesta visita/)).toBeVisible();
      await expect(form.getByLabel("Nom del client")).toHaveValue("Montserrat Ferrer i Soler");
      await expect(form.getByLabel("Descripció de l'article")).toHaveValue("");
      await expect(form.getByText(/^Un altre article de la mateixa visita que R-/)).toBeVisible();
      await expectNoSidewaysScroll(page);
    }
    await form.getByLabel("Tipus d'article").selectOption(items[2][0]);
    await form.getByLabel("Descripció de l'article").fill(items[2][1]);
    await form.getByRole("button", { name: "Crea la reparació" }).click();
    await expect(form).toBeHidden();

    // One signature, taken on the last item, for the three.
    await page.getByRole("link", { name: "Signatura del client" }).click();
    const sign = page.getByRole("dialog", { name: "Signatura del client" });
    await expect(
      sign.getByText(
        /^També signa pels altres articles d’aquesta visita encara sense signar: R-\S+ \(Omega Seamaster\); R-\S+ \(Anell d'or\)\.$/,
      ),
    ).toBeVisible();
    await drawSignature(page, sign.getByRole("img", { name: /^Requadre de signatura/ }));
    await sign.getByRole("button", { name: "Desa la signatura" }).click();
    await expect(sign).toBeHidden();

    const client = e2eDb();
    try {
      const visit = await client.repair.findMany({
        where: { customerEmail: email, visitId: { not: null } },
        orderBy: { createdAt: "asc" },
        select: { id: true, visitId: true, itemDescription: true, repairNumber: true },
      });
      expect(visit.map((r) => r.itemDescription)).toEqual(items.map(([, item]) => item));
      expect(new Set(visit.map((r) => r.visitId))).toEqual(new Set([visit[0].id]));
      const ids = visit.map((r) => r.id);
      const signed = await client.signature.findMany({ where: { repairId: { in: ids } } });
      expect(signed.map((s) => s.stage)).toEqual(["intake", "intake", "intake"]);
      // One "received" email, in Catalan, naming the other two.
      const notices = await client.notice.findMany({ where: { repairId: { in: ids } } });
      expect(notices.map((n) => [n.repairId, n.language])).toEqual([[ids[2], "ca"]]);
      expect(notices[0].textBody).toContain(
        `En la mateixa visita també ens vau deixar: ${visit[0].repairNumber} (Omega Seamaster); ${visit[1].repairNumber} (Anell d'or).`,
      );
    } finally {
      await client.$disconnect();
    }
  });
});

test.describe("at 1440 px in Spanish", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("the status menu says what each status means, and a goodwill refund given as a discount leaves nothing pending", async ({
    page,
    request,
  }) => {
    const { headers } = await inSpanish(page, request);
    const repair = await addRepair(request, headers, {
      customer_name: "Anna Puig",
      item_description: "Reloj",
      final_price: 285.5,
      status: "ready",
    });
    await request.post(`/api/repairs/${repair.id}/payments`, {
      headers,
      data: { kind: "payment", amount: 285.5, method: "card" },
    });

    await page.goto(`/repairs/${repair.id}`);
    await page.getByRole("button", { name: /Listo/ }).first().click();
    const inRepair = page.getByRole("menuitemradio", { name: "En reparación", exact: true });
    await expect(inRepair).toHaveAccessibleDescription("En el banco: reparándose ahora");
    await expect(page.getByRole("menuitemradio", { name: "En curso", exact: true })).toHaveAccessibleDescription(
      "Trabajo empezado, aún no en el banco (piezas pedidas, en cola)",
    );
    await page.keyboard.press("Escape");

    await request.patch(`/api/repairs/${repair.id}/status`, { headers, data: { status: "picked_up" } });
    await page.reload();
    const dialog = page.getByRole("dialog");
    // Once in a CI run the dialog opened on the page's first read closed again at once (the focus back on
    // "Cobrar"): asked again until it stays open (what closed it is not found yet).
    await expect(async () => {
      await page.getByRole("button", { name: "Cobrar", exact: true }).click();
      await expect(dialog.getByLabel("Tipo")).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await dialog.getByLabel("Tipo").selectOption("refund");
    await expect(dialog.getByRole("heading", { name: "Hacer una devolución" })).toBeVisible();
    await dialog.getByLabel("Un descuento: rebaja lo que se debe (el precio final) en este importe").check();
    await dialog.getByLabel("Importe (€)").fill("20");
    await dialog.getByRole("button", { name: "Devolver" }).click();
    await expect(dialog).toBeHidden();
    const money = page.getByRole("region", { name: "Pagos" });
    await expect(money.getByText("Devolución (descuento)")).toBeVisible();
    await expect(money.getByText("265,50 €").first()).toBeVisible();
    expect((await (await request.get(`/api/repairs/${repair.id}`, { headers })).json()).balance_due).toBe(0);
  });
  test("the owner hears the customers' answers: open screens change within seconds, the queue of approvals to start, and the shop's own email", async ({
    page,
    request,
  }) => {
    const { headers } = await inSpanish(page, request);
    await request.put("/api/shop", { headers, data: { language: "es", email: "taller@relojeria.example" } });
    await page.goto("/settings");
    const notices = page.getByRole("region", { name: "Avisos a los clientes" });
    await expect(notices.getByText("Se envía al email de la propia tienda (taller@relojeria.example)")).toBeVisible();
    await notices
      .getByRole("checkbox", { name: "Avisar a la tienda por email cuando un cliente acepta o rechaza un presupuesto" })
      .check();
    await notices.getByRole("button", { name: "Guardar" }).click();
    await expect(notices.getByText("Avisos guardados")).toBeVisible();

    const quoted = async (name: string, item: string) => {
      const repair = await addRepair(request, headers, {
        customer_name: name,
        item_description: item,
        customer_language: "ca",
      });
      await request.patch(`/api/repairs/${repair.id}/quote`, { headers, data: { amount: 90.5, expires_in_hours: 72 } });
      return repair as { id: string; repair_number: string; status_url: string };
    };
    const answer = async (repair: { status_url: string }, choice: "approve" | "decline") => {
      const token = repair.status_url.split("/t/")[1];
      expect((await request.post(`/t/${token}`, { form: { answer: choice }, maxRedirects: 0 })).status()).toBe(303);
    };
    const watch = await quoted("Joana Ferrer", "Omega Seamaster");
    const ring = await quoted("Pere Soler", "Anell d'or");

    // The list is open when Joana approves: the banner says so and her row moves on, with no reload.
    await page.goto("/repairs");
    const row = page.getByRole("row").filter({ hasText: watch.repair_number });
    await expect(row.getByRole("button", { name: "Cambiar el estado, ahora En presupuesto" })).toBeVisible();
    await answer(watch, "approve");
    const heard = page
      .getByRole("status")
      .getByText(`Joana Ferrer ha aceptado el presupuesto de ${watch.repair_number}: el trabajo puede empezar.`);
    await expect(heard).toBeVisible({ timeout: 15_000 });
    await expect(row.getByRole("button", { name: "Cambiar el estado, ahora Aprobado" })).toBeVisible();

    // The ring's page is open when Pere declines: its status and actions change, with no reload.
    await page.goto(`/repairs/${ring.id}`);
    await expect(page.getByRole("button", { name: "Aprobar", exact: true })).toBeVisible();
    await answer(ring, "decline");
    await expect(
      page.getByRole("status").getByText(`Pere Soler ha rechazado el presupuesto de ${ring.repair_number}.`),
    ).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByRole("button", { name: "Cambiar el estado, ahora Rechazado" })).toBeVisible();
    // Said once, though the next asks go over the last seconds again.
    for (let n = 0; n < 2; n++) await page.waitForResponse((r) => r.url().includes("/api/repairs/answers"));
    await expect(page.getByRole("status").getByText(/Pere Soler ha rechazado/)).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Aprobar", exact: true })).toHaveCount(0);

    // The dashboard's queue: approved, work to start.
    await page.goto("/dashboard");
    const queue = page
      .getByRole("region", { name: "Qué hay que hacer" })
      .getByRole("link", { name: /^Aceptados, por empezar/ });
    await expect(queue).toContainText("1");
    await queue.click();
    await expect(page).toHaveURL(/queue=approved_to_start/);
    await expect(page.getByRole("row").filter({ hasText: watch.repair_number })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: ring.repair_number })).toHaveCount(0);

    // Each answer emailed to the shop's own address, in the shop's language, with the repair's screen.
    const client = e2eDb();
    try {
      await expect
        .poll(async () =>
          (
            await client.notice.findMany({
              where: { repairId: { in: [watch.id, ring.id] }, event: "answered" },
              orderBy: { createdAt: "asc" },
            })
          ).map((n) => [n.toEmail, n.language, n.subject, n.state, n.textBody.includes(`/repairs/`)]),
        )
        .toEqual([
          [
            "taller@relojeria.example",
            "es",
            `Reparación ${watch.repair_number}: Joana Ferrer ha aceptado el presupuesto`,
            "sent",
            true,
          ],
          [
            "taller@relojeria.example",
            "es",
            `Reparación ${ring.repair_number}: Pere Soler ha rechazado el presupuesto`,
            "sent",
            true,
          ],
        ]);
    } finally {
      await client.$disconnect();
    }
  });
});
