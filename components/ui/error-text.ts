import type { ApiError } from "@/lib/api-client";
import en from "@/messages/en.json" with { type: "json" };

type ErrorKey = keyof typeof en.errors;
type T = (key: `errors.${ErrorKey}`) => string;

const isKnown = (code: unknown): code is ErrorKey => typeof code === "string" && Object.hasOwn(en.errors, code);

/** A failed call's message in the user's language: the translation of the
 * server's code when there is one, else the server's text, else the fallback. */
export function apiErrorText(t: T, error: unknown, fallback: string): string {
  const apiError = error as Partial<ApiError> | null;
  if (isKnown(apiError?.code)) return t(`errors.${apiError.code}`);
  return apiError?.serverText ?? fallback;
}

export function fieldErrorText(t: T, code: string | null | undefined): string | undefined {
  return isKnown(code) ? t(`errors.${code}`) : undefined;
}
