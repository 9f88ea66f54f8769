import { z } from "zod";
import type { ErrorCode } from "@/lib/errors";
import { emailError, newPasswordError } from "./rules";

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

/** Emails are stored lower-cased: one account per address, whatever its case. */
export const emailSchema = z
  .string({ error: "emailRequired" })
  .trim()
  .superRefine(check(emailError))
  .transform((e) => e.toLowerCase());

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

export const setupSchema = createShopSchema.extend({ token: z.string().min(1).max(200) });
export type SetupInput = z.input<typeof setupSchema>;
