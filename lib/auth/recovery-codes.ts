import { createHash, randomInt } from "node:crypto";
import { isRecoveryCode, normalizedRecoveryCode as normalized } from "./rules";

export { isRecoveryCode };

// One-time recovery codes: ten, given once when two-factor sign-in is turned
// on, each accepted once in place of a code from the app. Fifty random bits
// each, typed as two groups of five (no 0/O or 1/I to mistake); with the
// sign-in limits and the lockout no guessing reaches one, so a plain hash is
// kept, never the code.

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

export function hashRecoveryCode(code: string): string {
  return createHash("sha256").update(normalized(code).replace("-", "")).digest("hex");
}

export function newRecoveryCodes(): string[] {
  const group = () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${group()}-${group()}`);
}
