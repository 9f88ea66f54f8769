import { describe, expect, it } from "vitest";
import en from "@/messages/en.json" with { type: "json" };
import { AppError, statusOf, uniqueViolation, type ErrorCode } from "./errors";

describe("one table from error code to HTTP status", () => {
  it("gives every code a status, 401 only for a missing, bad or ended session", () => {
    const codes = Object.keys(en.errors) as ErrorCode[];
    for (const code of codes) expect(statusOf(code), code).toBeGreaterThanOrEqual(400);
    expect(codes.filter((code) => statusOf(code) === 401).sort()).toEqual([
      "accountRemoved",
      "sessionExpired",
      "unauthorized",
    ]);
    expect([statusOf("invalidCredentials"), statusOf("invalid2faCode"), statusOf("passwordIncorrect")]).toEqual([
      403, 403, 403,
    ]);
    expect([statusOf("photosNotMultipart"), statusOf("multipartInvalid")]).toEqual([415, 400]);
    expect(new AppError("repairNotFound").status).toBe(404);
  });

  it("maps the unique indexes a person can run into, and nothing else", () => {
    const violation = (index: string) => ({
      code: "P2002",
      meta: { driverAdapterError: { cause: { constraint: { index } } } },
    });
    expect(uniqueViolation(violation("users_email_key"))).toMatchObject({
      code: "emailTaken",
      fields: { email: "emailTaken" },
      status: 409,
    });
    expect(uniqueViolation(violation("repairs_shop_id_repair_number_key"))).toMatchObject({
      code: "repairNumberTaken",
      status: 409,
    });
    // A raw statement's (lib/repairs/row.ts): the driver's own kind of error.
    const raw = (kind: string) => ({
      code: "P2010",
      meta: { driverAdapterError: { cause: { kind, constraint: { index: "repairs_shop_id_repair_number_key" } } } },
    });
    expect(uniqueViolation(raw("UniqueConstraintViolation"))).toMatchObject({ code: "repairNumberTaken", status: 409 });
    expect(uniqueViolation(raw("ForeignKeyConstraintViolation"))).toBeNull();
    expect(uniqueViolation(violation("photos_file_path_key"))).toBeNull();
    expect(uniqueViolation(new Error("no"))).toBeNull();
  });
});
