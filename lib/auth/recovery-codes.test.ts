import { describe, expect, it } from "vitest";
import { hashRecoveryCode, isRecoveryCode, newRecoveryCodes, RECOVERY_CODE_COUNT } from "./recovery-codes";

describe("recovery codes", () => {
  it("are ten distinct codes of two groups of five, read however they are typed", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) {
      expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
      expect(isRecoveryCode(code)).toBe(true);
      const typed = ` ${code.toLowerCase().replace("-", "")} `;
      expect(isRecoveryCode(typed)).toBe(true);
      expect(hashRecoveryCode(typed)).toBe(hashRecoveryCode(code));
    }
    expect(isRecoveryCode("123456")).toBe(false);
    expect(isRecoveryCode("ABCDE-FGHI0")).toBe(false);
  });
});
