import { describe, expect, it } from "vitest";
import { moneyError } from "./money";

describe("moneyError", () => {
  it.each([
    ["", "amountRequired"],
    ["  ", "amountRequired"],
    ["-1", "amountInvalid"],
    ["1.234", "amountInvalid"],
    ["abc", "amountInvalid"],
    ["100000000", "amountInvalid"],
  ])("%j is %s", (text, code) => expect(moneyError(text)).toBe(code));

  it.each(["0", "12", "12.5", "12,50", "99999999.99"])("accepts %j", (text) => expect(moneyError(text)).toBeNull());
});
