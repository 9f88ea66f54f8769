import { describe, expect, it } from "vitest";
import { moneySchema } from "./schema";
import { amountInputText, formatAmount, parseAmount, parseSigned } from "./money";

describe("parseSigned: a measure with its sign, as a watchmaker writes a rate", () => {
  it.each([
    ["+3", 3],
    ["-2,5", -2.5],
    ["\u22124", -4],
    [" +0,5", 0.5],
    ["7", 7],
  ])("reads %s as %s", (text, value) => expect(parseSigned(text, "es")).toEqual({ value, error: null }));

  it("refuses two signs or a sign alone", () => {
    expect(parseSigned("+-3", "es").error).not.toBeNull();
    expect(parseSigned("+", "es").error).not.toBeNull();
  });
});

describe("parseAmount: an amount as a person types it, in their language", () => {
  it.each([
    // [typed, en, es, ca]
    ["90,5", 90.5, 90.5, 90.5],
    ["90.5", 90.5, 90.5, 90.5],
    ["90,50", 90.5, 90.5, 90.5],
    ["0", 0, 0, 0],
    ["12", 12, 12, 12],
    [" 12,5 € ", 12.5, 12.5, 12.5],
    ["1.234,50", null, 1234.5, 1234.5],
    ["1,234.50", 1234.5, null, null],
    ["1.234", null, 1234, 1234],
    ["1,234", 1234, null, null],
    ["1.234.567", null, 1234567, 1234567],
    ["99999999,99", 99999999.99, 99999999.99, 99999999.99],
    ["90,555", 90555, null, null],
    ["90.555", null, 90555, 90555],
  ])("%j reads as %j (en), %j (es), %j (ca)", (typed, en, es, ca) => {
    expect(parseAmount(typed, "en").value).toBe(en);
    expect(parseAmount(typed, "es").value).toBe(es);
    expect(parseAmount(typed, "ca").value).toBe(ca);
  });

  it.each(["-1", "abc", "0x10", "1e3", "1.2.3", "1,2,3", "90,5555", "1.23,4", "100000000", ",5", "5,", "Infinity"])(
    "refuses %j in every language",
    (typed) => {
      for (const locale of ["en", "es", "ca"] as const) {
        expect(parseAmount(typed, locale), `${typed} ${locale}`).toEqual({ value: null, error: "amountInvalid" });
      }
    },
  );

  it("asks for an amount when nothing was typed", () => {
    expect(parseAmount("  ", "es")).toEqual({ value: null, error: "amountRequired" });
  });

  it("shows an amount back in the language's own format", () => {
    expect(formatAmount(1234.5, "es")).toBe("1234,50\u00a0€");
    expect(formatAmount(12345.5, "ca")).toBe("12.345,50\u00a0€");
    expect(formatAmount(1234.5, "en")).toBe("€1,234.50");
    expect(amountInputText(90.5, "es")).toBe("90,50");
    expect(amountInputText(90.5, "en")).toBe("90.50");
    expect(amountInputText(null, "ca")).toBe("");
  });
});

describe("moneySchema: the API's amounts", () => {
  it.each([
    [12.5, 12.5],
    ["12,50", 12.5],
    ["12.5", 12.5],
    [0, 0],
  ])("takes %j as %j", (input, value) => {
    expect(moneySchema.parse(input)).toBe(value);
  });
  it.each(["0x10", "1e3", " ", "Infinity", "12,345", "-1", -1, 1.234, "1.234,5"])("refuses %j", (input) => {
    const result = moneySchema.safeParse(input);
    expect(result.success).toBe(false);
  });
});
