import packageJson from "@/package.json" with { type: "json" };
import { settings } from "@/lib/env";

// The software block every VERI*FACTU record carries (SistemaInformatico,
// the agency's record design): the producer of this build (whoever
// distributes it, from the configuration), the product, its version, and
// the shop's installation number. Written into each record as it is made:
// a record names the software that made it, whatever runs later.

/** The producer named in this server's configuration, or null when either is missing. */
export function producer(): { name: string; taxId: string } | null {
  const { VERIFACTU_PRODUCER_NAME: name, VERIFACTU_PRODUCER_TAX_ID: taxId } = settings();
  return name && taxId ? { name, taxId } : null;
}

/** The SistemaInformatico block's elements, in the schema's order (a stored record's JSON keeps none). */
export const SOFTWARE_ELEMENTS = [
  "NombreRazon",
  "NIF",
  "NombreSistemaInformatico",
  "IdSistemaInformatico",
  "Version",
  "NumeroInstalacion",
  "TipoUsoPosibleSoloVerifactu",
  "TipoUsoPosibleMultiOT",
  "IndicadorMultiplesOT",
] as const;

/** The SistemaInformatico block's values. */
export function softwareBlock(
  installationNumber: string,
  severalTaxpayers: boolean,
): Record<(typeof SOFTWARE_ELEMENTS)[number], string> {
  const made = producer();
  if (!made) throw new Error("VERIFACTU_PRODUCER_NAME and VERIFACTU_PRODUCER_TAX_ID are not set");
  return {
    NombreRazon: made.name,
    NIF: made.taxId,
    NombreSistemaInformatico: "Repair Desk",
    IdSistemaInformatico: "RD",
    Version: packageJson.version,
    NumeroInstalacion: installationNumber,
    // Only VERI*FACTU (no NO VERI*FACTU mode); one server may hold several shops, each its own taxpayer.
    TipoUsoPosibleSoloVerifactu: "S",
    TipoUsoPosibleMultiOT: "S",
    IndicadorMultiplesOT: severalTaxpayers ? "S" : "N",
  };
}
