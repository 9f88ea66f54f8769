import { createHash } from "node:crypto";

// The fingerprint ("huella") of a VERI*FACTU record (Orden HAC/1177/2024 art.
// 13; the AEAT's hash specification v0.1.2, docs/invoicing.md): SHA-256 over
// the UTF-8 bytes of name=value pairs joined by "&", in the order the AEAT
// fixes, as 64 uppercase hexadecimal characters. Each value is the literal the
// record's XML carries, trimmed ("123.1" and "123.10" differ); an absent value
// is still written as "name=" (the first record's previous fingerprint).

/** What an issue record (registro de alta) hashes, as its XML writes each value. */
export type IssueFields = {
  IDEmisorFactura: string;
  NumSerieFactura: string;
  FechaExpedicionFactura: string;
  TipoFactura: string;
  CuotaTotal: string;
  ImporteTotal: string;
  /** The previous record's fingerprint; empty for the first record of the chain. */
  Huella: string;
  FechaHoraHusoGenRegistro: string;
};

/** What an annulment record (registro de anulación) hashes, as its XML writes each value. */
export type AnnulmentFields = {
  IDEmisorFacturaAnulada: string;
  NumSerieFacturaAnulada: string;
  FechaExpedicionFacturaAnulada: string;
  Huella: string;
  FechaHoraHusoGenRegistro: string;
};

const ISSUE_ORDER = [
  "IDEmisorFactura",
  "NumSerieFactura",
  "FechaExpedicionFactura",
  "TipoFactura",
  "CuotaTotal",
  "ImporteTotal",
  "Huella",
  "FechaHoraHusoGenRegistro",
] as const satisfies readonly (keyof IssueFields)[];

const ANNULMENT_ORDER = [
  "IDEmisorFacturaAnulada",
  "NumSerieFacturaAnulada",
  "FechaExpedicionFacturaAnulada",
  "Huella",
  "FechaHoraHusoGenRegistro",
] as const satisfies readonly (keyof AnnulmentFields)[];

function fingerprint<T extends Record<string, string>>(fields: T, order: readonly (keyof T & string)[]): string {
  const text = order.map((name) => `${name}=${(fields[name] ?? "").trim()}`).join("&");
  return createHash("sha256").update(text, "utf8").digest("hex").toUpperCase();
}

/** An issue record's fingerprint. */
export const issueFingerprint = (fields: IssueFields) => fingerprint(fields, ISSUE_ORDER);

/** An annulment record's fingerprint. */
export const annulmentFingerprint = (fields: AnnulmentFields) => fingerprint(fields, ANNULMENT_ORDER);
