import { databaseIsUp } from "@/lib/health";

export const dynamic = "force-dynamic";

export async function GET() {
  const up = await databaseIsUp();
  return Response.json(up ? { status: "ok" } : { status: "unavailable" }, {
    status: up ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
