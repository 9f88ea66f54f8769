// Security headers that do not change per request, read by next.config.mjs
// (plain JavaScript, so the config can import it) for every response.
// API answers are data, never documents: their policy allows nothing.

export const API_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

/** @type {Record<string, string>} */
export const COMMON_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(self), microphone=(), geolocation=()",
};
