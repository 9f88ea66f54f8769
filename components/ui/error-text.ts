import type { ApiError } from "@/lib/client/api-client";
import type en from "@/messages/en.json";

type ErrorKey = `errors.${keyof typeof en.errors}`;
// The screens' translator: next-intl's t, which also says which keys exist.
type T = ((key: ErrorKey) => string) & { has: (key: ErrorKey) => boolean };

const known = (t: T, code: unknown): code is string => typeof code === "string" && t.has(`errors.${code}` as ErrorKey);

/** A failed call's message in the user's language: the translation of the
 * server's code when there is one, a lost connection when there was no answer,
 * else the server's text, else the fallback. */
export function apiErrorText(t: T, error: unknown, fallback: string): string {
  const apiError = error as Partial<ApiError> | null;
  if (known(t, apiError?.code)) return t(`errors.${apiError.code}` as ErrorKey);
  // No answer at all: the connection, said as such (nothing was refused).
  if (apiError?.status === 0) return t("errors.unreachable");
  return apiError?.serverText ?? fallback;
}

export function fieldErrorText(t: T, code: string | null | undefined): string | undefined {
  return known(t, code) ? t(`errors.${code}` as ErrorKey) : undefined;
}
