import { describe, expect, it } from "vitest";
import { isTaxId, normalTaxId } from "./tax-id";

describe("a Spanish tax id", () => {
  it("is checked by its control character, for people and for companies", () => {
    for (const valid of [
      "89890001K",
      "12345678Z",
      "X1234567L",
      "Y1234567X",
      "Z1234567R",
      "B12345674",
      "B72877814",
      "Q2826000H",
    ])
      expect(isTaxId(valid), valid).toBe(true);
    for (const wrong of [
      "89890001A",
      "12345678A",
      "X1234567A",
      "B12345675",
      "B1234567D",
      "Q2826000A",
      "1234567Z",
      "ABC",
      "",
    ])
      expect(isTaxId(wrong), wrong).toBe(false);
  });

  it("is read as typed: lower case, spaces, dots and dashes", () => {
    expect(isTaxId("b-12.345.674")).toBe(true);
    expect(normalTaxId(" 12.345.678-z ")).toBe("12345678Z");
  });
});
