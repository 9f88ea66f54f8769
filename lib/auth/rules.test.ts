import { describe, expect, it } from "vitest";
import { emailError, newPasswordError, passwordRules } from "./rules";

describe("password rules", () => {
  it.each([
    ["", "passwordRequired"],
    ["Ab1!", "passwordTooShort"],
    ["abcdefghijk1!", "passwordUppercase"],
    ["ABCDEFGHIJK1!", "passwordLowercase"],
    ["Abcdefghijkl!", "passwordNumber"],
    ["Abcdefghijkl1", "passwordSpecial"],
    ["Ab1!" + "x".repeat(69), "passwordTooLong"],
    ["Ab1!" + "é".repeat(35), "passwordTooLong"],
    ["Password123!", "passwordCommon"],
    ["!!Welcome2026!!", "passwordCommon"],
    ["Rellotgeria#1", "passwordCommon"],
  ])("reports the first failing rule for %j", (password, code) => {
    expect(newPasswordError(password)).toBe(code);
  });

  it("accepts a strong password of exactly 72 bytes", () => {
    expect(newPasswordError("Ab1!" + "x".repeat(68))).toBeNull();
    expect(newPasswordError("Correct-Horse-9")).toBeNull();
  });

  it("checks each rule separately for the live checklist", () => {
    expect(passwordRules.length("abc")).toBe(false);
    expect(passwordRules.uppercase("abcD")).toBe(true);
    expect(passwordRules.special("abc~")).toBe(true);
    expect(passwordRules.special("abc")).toBe(false);
  });
});

describe("email rules", () => {
  it.each([
    ["", "emailRequired"],
    ["   ", "emailRequired"],
    ["anna", "emailInvalid"],
    ["anna@shop", "emailInvalid"],
    [`${"a".repeat(250)}@x.com`, "emailTooLong"],
    // Address lists and display names a mail library would read past the first address.
    ["x<victim@evil.example>", "emailInvalid"],
    ["grp:v@evil.example;", "emailInvalid"],
    ["a,b@evil.example", "emailInvalid"],
    ["a;b@evil.example", "emailInvalid"],
    ['"a b"@evil.example', "emailInvalid"],
    ["a@b@evil.example", "emailInvalid"],
    ["anna@evil.example (victim@x.com)", "emailInvalid"],
    ["anna..x@example.com", "emailInvalid"],
    ["anna@-example.com", "emailInvalid"],
    // A Cyrillic "а" among Latin letters: a look-alike of anna@.
    ["\u0430nna@rellotgeria.cat", "emailInvalid"],
    ["anna@r\u0435llotgeria.cat", "emailInvalid"],
  ])("%j gives %s", (email, code) => {
    expect(emailError(email)).toBe(code);
  });

  it("accepts an ordinary address, and addresses of one script whatever it is", () => {
    expect(emailError(" anna@rellotgeria.cat ")).toBeNull();
    for (const email of [
      "o'brien+taller@example.co.uk",
      "núria.puig@joieria.cat",
      "иван@пример.рф",
      "a_b-c@x9.example.com",
    ])
      expect(emailError(email)).toBeNull();
  });
});
