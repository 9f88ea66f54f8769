// The address an invoice's QR code holds (the AEAT's QR specification
// v0.5.0, Orden HAC/1177/2024 arts. 20-21): the tax agency's page that checks
// the invoice, with exactly four parameters in this order, each URL-encoded
// as UTF-8.

const HOSTS = {
  production: "https://www2.agenciatributaria.gob.es",
  test: "https://prewww2.aeat.es",
} as const;

export type InvoicingEnvironment = keyof typeof HOSTS;

/**
 * The VERI*FACTU check address of an invoice: the issuer's tax id, its series
 * and number, its issue date (DD-MM-YYYY) and its total as its record writes it.
 */
export function invoiceCheckUrl(
  environment: InvoicingEnvironment,
  invoice: { taxId: string; number: string; issuedOn: string; total: string },
): string {
  const query = [
    ["nif", invoice.taxId],
    ["numserie", invoice.number],
    ["fecha", invoice.issuedOn],
    ["importe", invoice.total],
  ]
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join("&");
  return `${HOSTS[environment]}/wlpl/TIKE-CONT/ValidarQR?${query}`;
}
