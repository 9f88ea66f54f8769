import { db } from "@/lib/db";
import { errorResponse, json, readJson } from "@/lib/http/respond";
import { completeSetup } from "@/lib/setup/first-run";
import type { SetupInput } from "@/lib/auth/schema";

export async function POST(request: Request) {
  try {
    const body = await readJson(request);
    const created = await completeSetup(db(), body as SetupInput);
    return json({ shopId: created.shopId, email: created.email }, { status: 201 });
  } catch (error) {
    return errorResponse(error);
  }
}
