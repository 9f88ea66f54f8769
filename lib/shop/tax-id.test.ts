import { describe, expect, it } from "vitest";
import { isValidTaxId, normalizeTaxId } from "./tax-id";

describe("Spanish tax ids", () => {
  it("accepts a NIF, an NIE and a CIF whose control character is right, however they are spaced", () => {
    for (const id of [
      "12345678Z",
      "12.345.678-z",
      "X1234567L",
      "Y1234567X",
      "Z1234567R",
      "B12345674",
      "A58818501",
      "Q2826000H",
      "89890001K",
      "B72877814",
      "K1234567L",
    ])
      expect(isValidTaxId(id), id).toBe(true);
  });

  it("refuses a wrong control character, a wrong length and anything else", () => {
    for (const id of [
      "12345678A",
      "X1234567A",
      "B12345675",
      "Q2826000A",
      "1234567Z",
      "ABC",
      "",
      "B1234567",
      "K1234567A",
    ])
      expect(isValidTaxId(id), id).toBe(false);
  });

  it("writes it without spaces, dots or dashes, in capitals", () => {
    expect(normalizeTaxId(" 12.345.678-z ")).toBe("12345678Z");
  });
});
