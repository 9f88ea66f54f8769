import { z } from "zod";
import { LOCALES } from "@/i18n/config";
import type { ErrorCode } from "@/lib/errors";
import { EMAIL_MAX_LENGTH, emailError, isRecoveryCode, newPasswordError, normalizeEmail } from "./rules";

// The server's account schemas, built from lib/auth/rules.ts. Each message is
// an error code; the texts live in messages/*.json.

export const NAME_MAX_LENGTH = 100;

function check(rule: (value: string) => ErrorCode | null) {
  return (value: string, ctx: z.RefinementCtx) => {
    const code = rule(value);
    if (code) ctx.addIssue({ code: "custom", message: code });
  };
}

function requiredText(required: ErrorCode, tooLong: ErrorCode) {
  return z.string({ error: required }).trim().min(1, { error: required }).max(NAME_MAX_LENGTH, { error: tooLong });
}

/** Emails are stored normalised (see normalizeEmail): one account per address, however it is typed. */
export const emailSchema = z
  .string({ error: "emailRequired" })
  .transform(normalizeEmail)
  .superRefine(check(emailError));

/** An email that may be left out (a shop's, a customer's): checked like an account's; blank clears it. */
export const optionalEmailSchema = z.preprocess(
  (v) => (typeof v === "string" ? normalizeEmail(v) || null : v),
  z
    .string({ error: "emailInvalid" })
    .nullable()
    .superRefine((email, ctx) => {
      if (email !== null) check(emailError)(email, ctx);
    }),
);

export const newPasswordSchema = z.string({ error: "passwordRequired" }).superRefine(check(newPasswordError));

export const personNameSchema = requiredText("nameRequired", "nameTooLong");
export const shopNameSchema = requiredText("shopNameRequired", "shopNameTooLong");

export const createShopSchema = z.object({
  shopName: shopNameSchema,
  name: personNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
});
export type CreateShopInput = z.input<typeof createShopSchema>;

/** The first run: the language the page was used in becomes the shop's and its owner's. */
export const setupSchema = createShopSchema.extend({
  token: z.string().min(1).max(200),
  language: z.enum(LOCALES, { error: "languageInvalid" }).optional(),
});

const SIX_DIGITS = /^\d{6}$/;

/** A 2FA code as typed: required, exactly six digits. */
export const twofaCodeSchema = z
  .string({
    error: (issue) => (issue.input === undefined || issue.input === null ? "twofaCodeRequired" : "twofaCodeType"),
  })
  .trim()
  .min(1, { error: "twofaCodeRequired" })
  .regex(SIX_DIGITS, { error: "twofaCodeFormat" });

export const loginSchema = z.object({
  email: z
    .string({ error: "emailRequired" })
    .transform(normalizeEmail)
    .pipe(z.string().min(1, { error: "emailRequired" }).max(EMAIL_MAX_LENGTH, { error: "emailTooLong" })),
  password: z.string({ error: "passwordRequired" }).min(1, { error: "passwordRequired" }),
  twofa_code: z
    .string({ error: "twofaCodeType" })
    .trim()
    .nullish()
    .transform((c) => c || undefined)
    // A code from the app, or one of the account's recovery codes.
    .pipe(
      z
        .string()
        .refine((code) => SIX_DIGITS.test(code) || isRecoveryCode(code), { error: "twofaCodeFormat" })
        .optional(),
    ),
});

/** "Forgot password": the account's email. */
export const forgotPasswordSchema = z.object({ email: emailSchema });

/** Choosing a new password from the mailed link. */
export const resetPasswordSchema = z.object({
  token: z.string({ error: "resetLinkInvalid" }).regex(/^[A-Za-z0-9_-]{43}$/, { error: "resetLinkInvalid" }),
  password: newPasswordSchema,
});

/** Removing another account of the shop: the caller's own password, asked again. */
export const removeAccountSchema = z.object({
  password: z.string({ error: "passwordRequired" }).min(1, { error: "passwordRequired" }),
});

/**
 * Turning 2FA on: the code from the app (the spec's call) and, unless the
 * session signed in within the last few minutes, the account password asked
 * again (ASVS 7.5.1).
 */
export const verifyTwofaSchema = z.object({
  code: twofaCodeSchema,
  password: z.string({ error: "passwordRequired" }).min(1, { error: "passwordRequired" }).optional(),
});

/**
 * Disabling 2FA takes the code (its own screen) or the password (settings),
 * or both (the code in a session that signed in too long ago needs the
 * password as well).
 */
export const disableTwofaSchema = z
  .object({
    code: z.string({ error: "twofaCodeType" }).trim().optional(),
    password: z.string({ error: "passwordRequired" }).optional(),
  })
  .transform((body, ctx) => {
    const password = body.password || undefined;
    if (body.code) {
      const code = twofaCodeSchema.safeParse(body.code);
      if (code.success) return { code: code.data, password };
      ctx.addIssue({ code: "custom", path: ["code"], message: code.error.issues[0].message });
      return z.NEVER;
    }
    if (password) return { code: undefined, password };
    ctx.addIssue({ code: "custom", path: ["code"], message: "disable2faInput" });
    return z.NEVER;
  });

export const subaccountSchema = z.object({ name: personNameSchema, email: emailSchema, password: newPasswordSchema });

export const refreshSchema = z.object({
  refreshToken: z
    .string({ error: "sessionExpired" })
    .min(1, { error: "sessionExpired" })
    .max(1000, { error: "sessionExpired" }),
});
