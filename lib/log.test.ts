import { describe, expect, it } from "vitest";
import { errorFields, loggedPath } from "./log";

describe("errorFields", () => {
  it("keeps name, message and code of an error and its causes, without stack or Prisma's quoted arguments", () => {
    const cause = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const error = Object.assign(
      new Error(
        '\nInvalid `prisma.user.findFirst()` invocation:\n\n{\n  where: { email: "anna@example.com", passwordHash: "$2b$11$secret" }\n}\n\nServer has closed the connection.',
        { cause },
      ),
      { code: "P1017", name: "PrismaClientKnownRequestError" },
    );
    const fields = errorFields(error);
    expect(fields).toEqual({
      name: "PrismaClientKnownRequestError",
      message: "Server has closed the connection.",
      code: "P1017",
      causes: [{ name: "Error", message: "connect ECONNREFUSED 127.0.0.1:5432", code: "ECONNREFUSED" }],
    });
    expect(JSON.stringify(fields)).not.toContain("secret");
  });

  it("describes thrown values that are not errors", () => {
    expect(errorFields("plain text")).toEqual({ message: "plain text" });
  });
});

describe("loggedPath", () => {
  it.each([
    ["/api/repairs?search=Ana", "/api/repairs"],
    ["/setup?token=abc", "/setup"],
    ["/t/Zk3pQ9xY_aB-cD12eF34gH56iJ78kL90mN12oP34qR5", "/t/:token"],
    ["/t/Zk3pQ9xY_aB-cD12eF34gH56iJ78kL90mN12oP34qR5?answer=approve", "/t/:token"],
    ["/t/Zk3pQ9xY/qr.png", "/t/:token/qr.png"],
    ["/uploads/ab/0123456789abcdef0123456789abcdef.png", "/uploads/:file"],
    ["/repairs/0b7c9f3e-1111-4a4a-8888-123456789abc", "/repairs/0b7c9f3e-1111-4a4a-8888-123456789abc"],
  ])("keeps the route of %s and not its credential", (url, logged) => {
    expect(loggedPath(url)).toBe(logged);
  });
});
