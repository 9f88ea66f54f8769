import { describe, expect, it } from "vitest";
import { foldText, searchPattern, searchTextOf } from "./search-text";

describe("search text", () => {
  it("folds case and accents", () => {
    expect(foldText("José GARCÍA, Joiería, Çà")).toBe("jose garcia, joieria, ca");
  });

  it("keeps fields apart and adds the phone's digits", () => {
    const text = searchTextOf({
      repairNumber: "R-1",
      customerName: "Ana",
      customerPhone: "+34 600 123",
      itemDescription: "Anillo",
      brand: "Omega",
      model: "Seamaster",
      reference: "2531.80",
      serialNumber: "SN-55A",
    });
    expect(text.split("\u001f")).toEqual([
      "r-1",
      "ana",
      "+34 600 123",
      "34600123",
      "anillo",
      "omega",
      "seamaster",
      "2531.80",
      "sn-55a",
    ]);
  });

  it("takes %, _ and \\ literally", () => {
    expect(searchPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
    expect(searchPattern("  José ")).toBe("%jose%");
  });
});
