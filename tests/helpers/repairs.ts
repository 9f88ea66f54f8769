import { DELETE as deleteRoute, GET as getRoute, PUT as putRoute } from "@/app/api/repairs/[id]/route";
import { PATCH as quoteRoute } from "@/app/api/repairs/[id]/quote/route";
import { PATCH as statusRoute } from "@/app/api/repairs/[id]/status/route";
import { GET as listRoute, POST as createRoute } from "@/app/api/repairs/route";
import { POST as photosRoute } from "@/app/api/repairs/[id]/photos/route";
import { authed, bearer, newOwner, signIn } from "./auth";

// Calls the repairs route handlers as a signed-in member of a shop would.

const ctx = (id: string) => ({ params: Promise.resolve({ id }) });
let n = 0;

export function repairsClient(token: string) {
  return {
    create: (body: Record<string, unknown>) => createRoute(authed("/api/repairs", token, body)),
    list: (query = "") => listRoute(authed(`/api/repairs${query}`, token)),
    get: (id: string) => getRoute(authed(`/api/repairs/${id}`, token), ctx(id)),
    update: (id: string, body: Record<string, unknown>) =>
      putRoute(authed(`/api/repairs/${id}`, token, body, "PUT"), ctx(id)),
    remove: (id: string) => deleteRoute(authed(`/api/repairs/${id}`, token, undefined, "DELETE"), ctx(id)),
    status: (id: string, status: unknown) =>
      statusRoute(authed(`/api/repairs/${id}/status`, token, { status }, "PATCH"), ctx(id)),
    quote: (id: string, body: Record<string, unknown>) =>
      quoteRoute(authed(`/api/repairs/${id}/quote`, token, body, "PATCH"), ctx(id)),
  };
}

export type RepairsClient = ReturnType<typeof repairsClient>;

/** A shop with its owner signed in, and a client for its repairs. */
export async function shopSession() {
  const owner = await newOwner();
  const { accessToken } = await signIn(owner.email);
  return { owner, token: accessToken, api: repairsClient(accessToken) };
}

export const repairInput = (overrides: Record<string, unknown> = {}) => ({
  repair_number: `R-21112026-${String(++n).padStart(5, "0")}`,
  customer_name: "José García",
  item_description: "Omega Seamaster, cristal rayado",
  ...overrides,
});

/** Creates a repair and returns its JSON (fails the test if it cannot). */
export async function createRepair(api: RepairsClient, overrides: Record<string, unknown> = {}) {
  const response = await api.create(repairInput(overrides));
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${await response.text()}`);
  return response.json();
}

/** POST /repairs/{id}/photos with a multipart form, as the browser sends it. */
export function uploadPhotos(token: string, repairId: string, form: FormData) {
  return photosRoute(
    new Request(`http://localhost/api/repairs/${repairId}/photos`, {
      method: "POST",
      headers: bearer(token),
      body: form,
    }),
    ctx(repairId),
  );
}
