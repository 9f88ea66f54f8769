import { NextResponse, type NextRequest } from "next/server";
import { pagePolicy } from "@/lib/http/security-headers";

// Pages only: each gets a fresh nonce for its CSP. The fixed headers (every
// response's, and the API's policy) come from next.config.mjs, so the proxy
// does not run for API requests.
export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const policy = pagePolicy(nonce, process.env.NODE_ENV === "development");
  // Next reads the nonce for its own scripts from the request's policy header.
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("Content-Security-Policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

export const config = {
  matcher: [{ source: "/((?!api/|t/|_next/static|_next/image|favicon.ico|uploads/).*)" }],
};
