import type { ErrorCode } from "@/lib/errors";
import { MAX_MONEY } from "./limits";

/** The form's check of an amount in euros: 0 or more, at most 2 decimals ("12,50" reads as 12.5). */
export function moneyError(text: string): ErrorCode | null {
  const trimmed = text.trim();
  if (trimmed === "") return "amountRequired";
  if (!/^\d+([.,]\d{1,2})?$/.test(trimmed)) return "amountInvalid";
  return Number(trimmed.replace(",", ".")) <= MAX_MONEY ? null : "amountInvalid";
}
