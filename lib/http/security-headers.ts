// Security headers for every response. Pages get a nonce-based CSP: the
// session tokens live in localStorage, so no injected script may ever run.
// API answers get theirs from next.config.mjs (static-headers.mjs), without
// running the proxy.

export function pagePolicy(nonce: string, dev = false): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' 'nonce-${nonce}'`,
    // React's style={...} props and libraries' positioning need style attributes.
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "media-src 'self' blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export { API_POLICY, COMMON_HEADERS } from "./static-headers.mjs";
