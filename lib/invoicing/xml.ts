import type { Invoice, InvoiceRecord } from "@/lib/generated/prisma/client";
import { SOFTWARE_ELEMENTS, type softwareBlock } from "./software";

// The VERI*FACTU records as the agency's SOAP service takes them
// (SuministroLR.xsd, SuministroInformacion.xsd; vendor/verifactu): each
// record's XML made from its invoice and the values written into it when it
// was made (lib/invoicing/issue.ts), which its fingerprint covers.

const SF =
  "https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd";
const SFLR =
  "https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroLR.xsd";

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

/** An element of the information schema, its children as given (text goes through `text`, escaped). */
const el = (name: string, content: string) => `<sf:${name}>${content}</sf:${name}>`;
const text = (name: string, value: string) => el(name, escape(value));

type Fields = Record<string, unknown> & { SistemaInformatico: ReturnType<typeof softwareBlock> };
type InvoiceId = { IDEmisorFactura: string; NumSerieFactura: string; FechaExpedicionFactura: string };
type Line = { description: string };
type Part = { vat_rate: string; base: string; tax: string };

/** The invoice a record is about, as the chain's next record names it (RegistroAnterior). */
function invoiceIdOf(record: Pick<InvoiceRecord, "kind" | "fields">): InvoiceId {
  const f = record.fields as Record<string, string>;
  return record.kind === "issue"
    ? {
        IDEmisorFactura: f.IDEmisorFactura,
        NumSerieFactura: f.NumSerieFactura,
        FechaExpedicionFactura: f.FechaExpedicionFactura,
      }
    : {
        IDEmisorFactura: f.IDEmisorFacturaAnulada,
        NumSerieFactura: f.NumSerieFacturaAnulada,
        FechaExpedicionFactura: f.FechaExpedicionFacturaAnulada,
      };
}

/** An invoice's issuer, number and date as elements; `suffix` "Anulada" names those of an annulment. */
const invoiceIdXml = (id: InvoiceId, suffix = "") =>
  text(`IDEmisorFactura${suffix}`, id.IDEmisorFactura) +
  text(`NumSerieFactura${suffix}`, id.NumSerieFactura) +
  text(`FechaExpedicionFactura${suffix}`, id.FechaExpedicionFactura);

function chain(record: InvoiceRecord, previous: InvoiceRecord | null): string {
  if (!previous) return el("Encadenamiento", text("PrimerRegistro", "S"));
  const id = invoiceIdOf(previous);
  return el("Encadenamiento", el("RegistroAnterior", invoiceIdXml(id) + text("Huella", record.previousFingerprint!)));
}

const software = (fields: Fields) =>
  el("SistemaInformatico", SOFTWARE_ELEMENTS.map((name) => text(name, fields.SistemaInformatico[name])).join(""));

/** The tail every record ends with: the software, the moment made, the fingerprint. */
const closing = (record: InvoiceRecord, fields: Fields) =>
  software(fields) +
  text("FechaHoraHusoGenRegistro", record.generatedAt) +
  text("TipoHuella", "01") +
  text("Huella", record.fingerprint);

/** An issue record (RegistroAlta) of `invoice`; `previous`: the record before it in the chain (null: the first). */
function issueXml(record: InvoiceRecord, invoice: Invoice, previous: InvoiceRecord | null): string {
  const f = record.fields as Fields &
    InvoiceId & {
      NombreRazonEmisor: string;
      TipoFactura: string;
      TipoRectificativa?: string;
      FacturasRectificadas?: InvoiceId[];
      Destinatarios?: { NombreRazon: string; NIF: string }[];
      CuotaTotal: string;
      ImporteTotal: string;
    };
  const corrected = f.FacturasRectificadas ?? [];
  const customers = f.Destinatarios ?? [];
  const description = (invoice.lines as Line[])
    .map((line) => line.description)
    .join("; ")
    .slice(0, 500);
  return el(
    "RegistroAlta",
    text("IDVersion", "1.0") +
      el("IDFactura", invoiceIdXml(f)) +
      text("NombreRazonEmisor", f.NombreRazonEmisor) +
      text("TipoFactura", f.TipoFactura) +
      (f.TipoRectificativa ? text("TipoRectificativa", f.TipoRectificativa) : "") +
      (corrected.length
        ? el("FacturasRectificadas", corrected.map((id) => el("IDFacturaRectificada", invoiceIdXml(id))).join(""))
        : "") +
      text("DescripcionOperacion", description) +
      (customers.length
        ? el(
            "Destinatarios",
            customers
              .map((c) => el("IDDestinatario", text("NombreRazon", c.NombreRazon) + text("NIF", c.NIF)))
              .join(""),
          )
        : "") +
      el(
        "Desglose",
        (invoice.breakdown as Part[])
          .map((part) =>
            el(
              "DetalleDesglose",
              text("Impuesto", "01") +
                text("ClaveRegimen", "01") +
                text("CalificacionOperacion", "S1") +
                text("TipoImpositivo", part.vat_rate) +
                text("BaseImponibleOimporteNoSujeto", part.base) +
                text("CuotaRepercutida", part.tax),
            ),
          )
          .join(""),
      ) +
      text("CuotaTotal", f.CuotaTotal) +
      text("ImporteTotal", f.ImporteTotal) +
      chain(record, previous) +
      closing(record, f),
  );
}

/** An annulment record (RegistroAnulacion). */
function annulmentXml(record: InvoiceRecord, previous: InvoiceRecord | null): string {
  const f = record.fields as Fields & Record<string, string>;
  return el(
    "RegistroAnulacion",
    text("IDVersion", "1.0") +
      el("IDFactura", invoiceIdXml(invoiceIdOf(record), "Anulada")) +
      chain(record, previous) +
      closing(record, f),
  );
}

/** A record as one RegistroFactura of a submission. */
export function recordXml(record: InvoiceRecord, invoice: Invoice, previous: InvoiceRecord | null): string {
  const inner = record.kind === "issue" ? issueXml(record, invoice, previous) : annulmentXml(record, previous);
  return `<sfLR:RegistroFactura>${inner}</sfLR:RegistroFactura>`;
}

/** A submission (RegFactuSistemaFacturacion) of up to 1,000 records of one issuer. */
export function submissionXml(issuer: { name: string; taxId: string }, records: string[]): string {
  if (records.length === 0 || records.length > 1000) throw new Error("A submission holds 1 to 1,000 records");
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<sfLR:RegFactuSistemaFacturacion xmlns:sfLR="${SFLR}" xmlns:sf="${SF}">` +
    `<sfLR:Cabecera>${el("ObligadoEmision", text("NombreRazon", issuer.name) + text("NIF", issuer.taxId))}</sfLR:Cabecera>` +
    records.join("") +
    `</sfLR:RegFactuSistemaFacturacion>`
  );
}
