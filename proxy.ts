import { NextResponse, type NextRequest } from "next/server";
import { API_POLICY, COMMON_HEADERS, pagePolicy } from "@/lib/http/security-headers";

export function proxy(request: NextRequest) {
  const isApi = request.nextUrl.pathname.startsWith("/api/");
  let response: NextResponse;
  if (isApi) {
    response = NextResponse.next();
    response.headers.set("Content-Security-Policy", API_POLICY);
  } else {
    const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
    const policy = pagePolicy(nonce, process.env.NODE_ENV === "development");
    // Next reads the nonce for its own scripts from the request's policy header.
    const headers = new Headers(request.headers);
    headers.set("x-nonce", nonce);
    headers.set("Content-Security-Policy", policy);
    response = NextResponse.next({ request: { headers } });
    response.headers.set("Content-Security-Policy", policy);
  }
  for (const [name, value] of Object.entries(COMMON_HEADERS)) response.headers.set(name, value);
  return response;
}

export const config = {
  matcher: [{ source: "/((?!_next/static|_next/image|favicon.ico|uploads/).*)" }],
};
