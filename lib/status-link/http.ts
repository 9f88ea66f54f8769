import { randomBytes } from "node:crypto";
import { isLocale, LOCALES, DEFAULT_LOCALE, type Locale } from "@/i18n/config";
import { AppError } from "@/lib/errors";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { clientIp } from "@/lib/http/handler";
import { BODY_LIMITS, readCapped } from "@/lib/http/respond";
import { logger } from "@/lib/log";
import { limits, takeSlot } from "@/lib/rate-limit";
import { isTokenShaped } from "./link";
import { answerQuote, readStatusPage, type QuoteAnswer } from "./page";
import { renderMessage, renderNotFound, renderStatusPage } from "./render";

// GET and POST /t/{token}: the customer's status page and their answer to a
// quote. No session, no script: the token is the credential, every lookup
// counts against the caller's address, and every answer is an HTML page
// (never JSON, never a stack). A POST answers and redirects back (303), so
// reloading the page never answers twice.

function headers(nonce: string): HeadersInit {
  return {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "private, no-store",
    "X-Robots-Tag": "noindex, nofollow",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": [
      "default-src 'none'",
      `style-src 'nonce-${nonce}'`,
      "form-action 'self'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ].join("; "),
  };
}

const html = (status: number, nonce: string, body: string, extra: HeadersInit = {}) =>
  new Response(body, { status, headers: { ...headers(nonce), ...extra } });

/** The language asked for (?lang=), else the browser's first of ours, else `fallback`. */
function chooseLocale(request: Request, fallback: Locale | null): Locale {
  const asked = new URL(request.url).searchParams.get("lang");
  if (isLocale(asked)) return asked;
  if (fallback) return fallback;
  const accepted = (request.headers.get("accept-language") ?? "")
    .split(",")
    .map((part) => part.split(";")[0].trim().slice(0, 2).toLowerCase());
  return accepted.find((tag): tag is Locale => (LOCALES as readonly string[]).includes(tag)) ?? DEFAULT_LOCALE;
}

async function guarded(request: Request, client: PrismaClient, answer: (nonce: string) => Promise<Response>) {
  const nonce = randomBytes(16).toString("base64");
  try {
    await takeSlot(client, limits.statusLinkPerIp(clientIp(request)));
    return await answer(nonce);
  } catch (error) {
    if (error instanceof AppError && error.retryAfter !== undefined) {
      return html(429, nonce, renderMessage(chooseLocale(request, null), nonce, "tooMany"), {
        "Retry-After": String(error.retryAfter),
      });
    }
    // Anything else a caller sent (a body too large): the plain not-found page, with its status.
    if (error instanceof AppError) return html(error.status, nonce, renderNotFound(chooseLocale(request, null), nonce));
    logger().warn({ error: error instanceof Error ? error.message : String(error) }, "status page unavailable");
    return html(503, nonce, renderMessage(chooseLocale(request, null), nonce, "unavailable"), { "Retry-After": "30" });
  }
}

export function statusPageResponse(client: PrismaClient, request: Request, token: string): Promise<Response> {
  return guarded(request, client, async (nonce) => {
    const data = await readStatusPage(client, token);
    if (!data) return html(404, nonce, renderNotFound(chooseLocale(request, null), nonce));
    const locale = chooseLocale(request, data.language);
    return html(200, nonce, renderStatusPage(data, locale, nonce, `/t/${token}`));
  });
}

const ANSWERS: Record<string, QuoteAnswer> = { approve: "approve", decline: "decline" };

export function answerResponse(client: PrismaClient, request: Request, token: string): Promise<Response> {
  return guarded(request, client, async (nonce) => {
    // Only the page's own forms answer: a form on another site cannot.
    if (request.headers.get("sec-fetch-site") === "cross-site") {
      return html(403, nonce, renderNotFound(chooseLocale(request, null), nonce));
    }
    // A token that cannot be one is the same 404 as an unknown one (and never reaches a header).
    if (!isTokenShaped(token)) return html(404, nonce, renderNotFound(chooseLocale(request, null), nonce));
    const form = new URLSearchParams(new TextDecoder().decode(await readCapped(request, BODY_LIMITS.small)));
    const answer = ANSWERS[form.get("answer") ?? ""];
    const outcome = answer ? await answerQuote(client, token, answer) : "refused";
    if (outcome === "unknown") return html(404, nonce, renderNotFound(chooseLocale(request, null), nonce));
    // Back to the page, which shows the quote as it now stands (answered, or why not).
    const lang = form.get("lang");
    return new Response(null, {
      status: 303,
      headers: { ...headers(nonce), Location: `/t/${token}${isLocale(lang) ? `?lang=${lang}` : ""}` },
    });
  });
}
