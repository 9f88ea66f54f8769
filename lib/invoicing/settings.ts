import { randomBytes } from "node:crypto";
import { z } from "zod";
import { recordShopChanges } from "@/lib/activity/activity";
import { AppError } from "@/lib/errors";
import { Prisma, type PrismaClient, type ShopInvoicing } from "@/lib/generated/prisma/client";
import { isValidTaxId, normalizeTaxId } from "@/lib/shop/tax-id";
import { producer } from "./software";

// A shop's invoicing (settings, Invoicing; an owner's to change): off until
// turned on, and then every payment taken issues an invoice (lib/invoicing/
// issue.ts). The issuer's legal name, tax id and address, the three series,
// the VAT rate of repair work and the agency's environment.

const text = (max: number) => z.string({ error: "invalidField" }).trim().max(max, { error: "textTooLong" });
const series = z
  .string({ error: "invoiceSeriesInvalid" })
  .trim()
  .regex(/^[A-Za-z0-9]{1,10}$/, { error: "invoiceSeriesInvalid" });

export const invoicingSchema = z
  .object({
    enabled: z.boolean({ error: "invalidField" }),
    legal_name: text(120),
    tax_id: z.preprocess(
      (v) => (typeof v === "string" ? normalizeTaxId(v) : v),
      z.string({ error: "taxIdInvalid" }).refine((id) => id === "" || isValidTaxId(id), { error: "taxIdInvalid" }),
    ),
    address: text(300),
    series: z
      .object({ simplified: series, full: series, rectifying: series })
      .refine(({ simplified, full, rectifying }) => new Set([simplified, full, rectifying]).size === 3, {
        error: "invoiceSeriesInvalid",
      }),
    vat_rate: z
      .number({ error: "vatRateInvalid" })
      .min(0, { error: "vatRateInvalid" })
      .max(100, { error: "vatRateInvalid" })
      .refine((rate) => Math.abs(Math.round(rate * 100) - rate * 100) < 1e-6, { error: "vatRateInvalid" }),
    environment: z.enum(["test", "production"], { error: "invalidField" }),
  })
  .partial();

export type InvoicingSettings = {
  enabled: boolean;
  legal_name: string;
  tax_id: string;
  address: string;
  series: { simplified: string; full: string; rectifying: string };
  vat_rate: number;
  environment: "test" | "production";
  /** VERI*FACTU's NumeroInstalacion, made when the shop first saved its invoicing (null before). */
  installation_number: string | null;
};

function json(row: ShopInvoicing): InvoicingSettings {
  return {
    enabled: row.enabled,
    legal_name: row.legalName,
    tax_id: row.taxId,
    address: row.address,
    series: { simplified: row.seriesSimplified, full: row.seriesFull, rectifying: row.seriesRectifying },
    vat_rate: Number(row.vatRate),
    environment: row.environment,
    installation_number: row.installationNumber,
  };
}

/** GET /shop/invoicing: the settings, or (never saved) off, with the receipts' legal name, tax id and address. */
export async function getInvoicing(client: PrismaClient | Prisma.TransactionClient, shopId: string) {
  const row = await client.shopInvoicing.findUnique({ where: { shopId } });
  if (row) return json(row);
  const shop = await client.shop.findUniqueOrThrow({
    where: { id: shopId },
    select: { legalName: true, taxId: true, address: true },
  });
  return {
    enabled: false,
    legal_name: shop.legalName ?? "",
    tax_id: shop.taxId ?? "",
    address: shop.address ?? "",
    series: { simplified: "T", full: "F", rectifying: "R" },
    vat_rate: 21,
    environment: "test",
    installation_number: null,
  } satisfies InvoicingSettings;
}

/**
 * A new installation number: the moment to the second and random bytes, so
 * one is never made twice, not even by a server set up again (the agency's
 * FAQ 4 suggests the moment of installation).
 */
const newInstallationNumber = (now: Date) =>
  `${now.toISOString().slice(0, 19).replace(/[-:]/g, "")}-${randomBytes(4).toString("hex").toUpperCase()}`;

/** PUT /shop/invoicing (an owner's): any of the settings; turned on only with the issuer's name, tax id and address. */
export async function saveInvoicing(client: PrismaClient, caller: { shopId: string; userId: string }, input: unknown) {
  const changes = invoicingSchema.parse(input);
  return client.$transaction(async (tx) => {
    // The shop's row locked: two owners saving at once take turns, and an invoice being issued waits.
    await tx.$executeRaw`SELECT 1 FROM shops WHERE id = ${caller.shopId}::uuid FOR UPDATE`;
    const before = await getInvoicing(tx, caller.shopId);
    const after: InvoicingSettings = {
      ...before,
      ...changes,
      series: changes.series ?? before.series,
    };
    // The records name the software's producer: this server must say who that is.
    if (after.enabled && !producer()) throw new AppError("invoicingNoProducer");
    if (after.enabled && (!after.legal_name || !after.tax_id || !after.address))
      throw new AppError("invoicingIncomplete", {
        fields: Object.fromEntries(
          (["legal_name", "tax_id", "address"] as const)
            .filter((field) => !after[field])
            .map((field) => [field, "invoicingIncomplete"]),
        ),
      });
    const data = {
      enabled: after.enabled,
      legalName: after.legal_name,
      taxId: after.tax_id,
      address: after.address,
      seriesSimplified: after.series.simplified,
      seriesFull: after.series.full,
      seriesRectifying: after.series.rectifying,
      vatRate: new Prisma.Decimal(after.vat_rate.toFixed(2)),
      environment: after.environment,
      updatedAt: new Date(),
    };
    const saved = await tx.shopInvoicing.upsert({
      where: { shopId: caller.shopId },
      create: { shopId: caller.shopId, installationNumber: newInstallationNumber(new Date()), ...data },
      update: data,
    });
    await recordShopChanges(tx, caller, prefixed(before), prefixed(json(saved)));
    return json(saved);
  });
}

/** The settings' names as the shop's activity lists them (invoicing_enabled, invoicing_series_full…); the installation number is no setting. */
function prefixed(settings: InvoicingSettings): Record<string, unknown> {
  const { series, ...rest } = settings;
  return Object.fromEntries([
    ...Object.entries(rest)
      .filter(([name]) => name !== "installation_number")
      .map(([name, value]) => [`invoicing_${name}`, value]),
    ...Object.entries(series).map(([name, value]) => [`invoicing_series_${name}`, value]),
  ]);
}
