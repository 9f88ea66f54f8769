import { describe, expect, it } from "vitest";
import { invoiceCheckUrl } from "./qr-url";

describe("an invoice's QR address", () => {
  it("is the AEAT's own example on the test host, its '&' encoded", () => {
    expect(
      invoiceCheckUrl("test", { taxId: "89890001K", number: "12345678&G33", issuedOn: "01-01-2024", total: "241.4" }),
    ).toBe(
      "https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=12345678%26G33&fecha=01-01-2024&importe=241.4",
    );
  });

  it("goes to the production host in production, a series' slash, plus and space encoded", () => {
    expect(
      invoiceCheckUrl("production", {
        taxId: "B12345674",
        number: "T+ 2027/000001",
        issuedOn: "15-01-2027",
        total: "25.00",
      }),
    ).toBe(
      "https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?nif=B12345674&numserie=T%2B%202027%2F000001&fecha=15-01-2027&importe=25.00",
    );
  });
});
