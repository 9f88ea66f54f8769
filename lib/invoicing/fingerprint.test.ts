import { describe, expect, it } from "vitest";
import { annulmentFingerprint, issueFingerprint } from "./fingerprint";

// The official test vectors (the AEAT's hash specification v0.1.2 §6, cases 1
// to 3; case 4 with one-decimal amounts), as ../shared/verifactu/FACTS.md §6
// quotes them: the only proof a fingerprint is right, since the AEAT accepts a
// record with a wrong one (error 2000).

describe("a VERI*FACTU record's fingerprint", () => {
  it("is the AEAT's for the first issue record of a chain (no previous fingerprint)", () => {
    expect(
      issueFingerprint({
        IDEmisorFactura: "89890001K",
        NumSerieFactura: "12345678/G33",
        FechaExpedicionFactura: "01-01-2024",
        TipoFactura: "F1",
        CuotaTotal: "12.35",
        ImporteTotal: "123.45",
        Huella: "",
        FechaHoraHusoGenRegistro: "2024-01-01T19:20:30+01:00",
      }),
    ).toBe("3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60");
  });

  it("is the AEAT's for an issue record chained to the one before", () => {
    expect(
      issueFingerprint({
        IDEmisorFactura: "89890001K",
        NumSerieFactura: "12345679/G34",
        FechaExpedicionFactura: "01-01-2024",
        TipoFactura: "F1",
        CuotaTotal: "12.35",
        ImporteTotal: "123.45",
        Huella: "3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60",
        FechaHoraHusoGenRegistro: "2024-01-01T19:20:35+01:00",
      }),
    ).toBe("F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97");
  });

  it("is the AEAT's for an annulment record", () => {
    expect(
      annulmentFingerprint({
        IDEmisorFacturaAnulada: "89890001K",
        NumSerieFacturaAnulada: "12345679/G34",
        FechaExpedicionFacturaAnulada: "01-01-2024",
        Huella: "F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97",
        FechaHoraHusoGenRegistro: "2024-01-01T19:20:40+01:00",
      }),
    ).toBe("177547C0D57AC74748561D054A9CEC14B4C4EA23D1BEFD6F2E69E3A388F90C68");
  });

  it("hashes the amounts exactly as written: one decimal gives its own fingerprint", () => {
    const fields = {
      IDEmisorFactura: "B72877814",
      NumSerieFactura: "GITHUB-EJ-003",
      FechaExpedicionFactura: "04-11-2024",
      TipoFactura: "F1",
      CuotaTotal: "21.4",
      ImporteTotal: "131.4",
      Huella: "8C8DCEFB120522E0C71BC19902F44D5334FF6C98E74F0E3AC1D1E5A30C2EA836",
      FechaHoraHusoGenRegistro: "2024-11-04T12:36:39+01:00",
    };
    expect(issueFingerprint(fields)).toBe("4EECCE4DD48C0539665385D61D451BA921B7160CA6FEF46CD3C2E2BC5C778E14");
    expect(issueFingerprint({ ...fields, CuotaTotal: "21.40", ImporteTotal: "131.40" })).not.toBe(
      "4EECCE4DD48C0539665385D61D451BA921B7160CA6FEF46CD3C2E2BC5C778E14",
    );
    // Spaces around a value are not part of it.
    expect(issueFingerprint({ ...fields, NumSerieFactura: " GITHUB-EJ-003 " })).toBe(
      "4EECCE4DD48C0539665385D61D451BA921B7160CA6FEF46CD3C2E2BC5C778E14",
    );
  });
});
