import type { ErrorCode } from "@/lib/errors";
import { isCommonPassword } from "./common-passwords";

// Account rules as plain functions, so screens can check a
// form without shipping zod; lib/auth/schema.ts builds the server's schemas
// from the same rules. Each returns the first failing rule's error code.

export const EMAIL_MAX_LENGTH = 255;
export const PASSWORD_MIN_LENGTH = 12;
/** bcrypt reads at most 72 bytes; a longer password is refused, never cut. */
export const PASSWORD_MAX_BYTES = 72;
export const SPECIAL_CHARACTERS = "!@#$%^&*()_+-=[]{};':\"\\|,.<>/?`~";

export const passwordBytes = (password: string) => new TextEncoder().encode(password).length;

// Characters that draw nothing (zero-width spaces and joiners, the BOM, bidi
// marks) or control the terminal: never part of an address someone typed.
const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;

/**
 * An email as it is stored and compared: NFKC (full-width and other
 * compatibility forms become their plain letters), without invisible or
 * control characters, trimmed and lower-cased. So "Ａnna@example.com" with a
 * zero-width space cannot become a second account beside anna@example.com.
 */
export const normalizeEmail = (email: string) => email.normalize("NFKC").replace(INVISIBLE, "").trim().toLowerCase();

/**
 * One plain address: a local part of letters, digits and the few signs an
 * address may hold (RFC 5322's dot-atom, letters of any script), then a domain
 * of dot-separated labels. Nothing a mail library reads as a list or a display
 * name ("x<v@evil.example>", "a,b@e.com", "grp:v@e.com;") fits.
 */
const EMAIL_SHAPE =
  /^[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~-]+)*@(?:[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?\.)+[\p{L}\p{M}]{2,}$/u;

const SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u, /\p{Script=Armenian}/u];

/**
 * Whether the letters of each part of an address come from one of the scripts
 * that look alike: "аnna@" with a Cyrillic "а" beside "anna@" is refused
 * rather than made a second account or a second customer (Unicode TS #39's
 * mixed-script rule, for the scripts that hold look-alikes of Latin letters).
 */
function singleScript(email: string): boolean {
  return email.split("@").every((part) => SCRIPTS.filter((script) => script.test(part)).length <= 1);
}

export const passwordRules = {
  length: (p: string) => p.length >= PASSWORD_MIN_LENGTH,
  uppercase: (p: string) => /\p{Lu}/u.test(p),
  lowercase: (p: string) => /\p{Ll}/u.test(p),
  number: (p: string) => /\d/.test(p),
  special: (p: string) => [...p].some((c) => SPECIAL_CHARACTERS.includes(c)),
} as const;

type Rule = [ErrorCode, (value: string) => boolean];

const EMAIL_RULES: Rule[] = [
  ["emailRequired", (e) => e.length > 0],
  ["emailTooLong", (e) => e.length <= EMAIL_MAX_LENGTH],
  ["emailInvalid", (e) => EMAIL_SHAPE.test(e) && singleScript(e)],
];

const PASSWORD_RULES: Rule[] = [
  ["passwordRequired", (p) => p.length > 0],
  ["passwordTooShort", passwordRules.length],
  ["passwordUppercase", passwordRules.uppercase],
  ["passwordLowercase", passwordRules.lowercase],
  ["passwordNumber", passwordRules.number],
  ["passwordSpecial", passwordRules.special],
  ["passwordTooLong", (p) => passwordBytes(p) <= PASSWORD_MAX_BYTES],
  ["passwordCommon", (p) => !isCommonPassword(p)],
];

const firstFailing = (rules: Rule[], value: string): ErrorCode | null =>
  rules.find(([, test]) => !test(value))?.[0] ?? null;

export const emailError = (email: string) => firstFailing(EMAIL_RULES, email.trim());
export const newPasswordError = (password: string) => firstFailing(PASSWORD_RULES, password);

/** A recovery code as typed, in capitals and without spaces (lib/auth/recovery-codes.ts). */
export const normalizedRecoveryCode = (code: string) => code.replace(/\s+/g, "").toUpperCase();

/** Whether a code is shaped like a recovery code (two groups of five, the dash optional), not one from the app. */
export const isRecoveryCode = (code: string) =>
  /^[A-HJ-NP-Z2-9]{5}-?[A-HJ-NP-Z2-9]{5}$/.test(normalizedRecoveryCode(code));
