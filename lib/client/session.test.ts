import { describe, expect, it } from "vitest";
import { loginPathFrom, pathAfterSignIn } from "./session";

describe("returning to a page after signing in", () => {
  it("sends the user back to the signed-in page they were headed for", () => {
    const login = loginPathFrom({ pathname: "/repairs/0b7c9f3e-1111-4a4a-8888-123456789abc", search: "?x=1" });
    expect(login).toBe("/login?next=%2Frepairs%2F0b7c9f3e-1111-4a4a-8888-123456789abc%3Fx%3D1");
    expect(pathAfterSignIn(login.slice("/login".length))).toBe("/repairs/0b7c9f3e-1111-4a4a-8888-123456789abc?x=1");
  });

  it.each([
    ["", "/dashboard"],
    ["?next=https://evil.example/", "/dashboard"],
    ["?next=//evil.example/x", "/dashboard"],
    ["?next=/\\evil.example", "/dashboard"],
    ["?next=javascript:alert(1)", "/dashboard"],
    ["?next=/login?next=/x", "/dashboard"],
    ["?next=%2F%09%2Fevil.example%2Fx", "/dashboard"],
    ["?next=%2F%0A%2Fevil.example%2Fx", "/dashboard"],
    ["?next=%2F%0D%2Fevil.example%2Fx", "/dashboard"],
    ["?next=%2F%00%2Fevil.example", "/dashboard"],
    ["?next=%2F%20%2Fevil.example", "/dashboard"],
    ["?next=/%09/evil.example", "/dashboard"],
    ["?next=/%5Cevil.example", "/dashboard"],
    ["?next=/./login", "/dashboard"],
    ["?next=/repairs/../login", "/dashboard"],
    ["?next=https:/evil.example", "/dashboard"],
    ["?next=%2F.%2F%2Fevil.example%2Fx", "/dashboard"],
    ["?next=%2F..%2F%2Fevil.example%2Fy", "/dashboard"],
    ["?next=/repairs/..//evil.example", "/dashboard"],
    ["?next=/./%2F/evil.example", "/dashboard"],
    ["?next=%2F%2E%2F%2Fevil.example", "/dashboard"],
    ["?next=data:text/html,x", "/dashboard"],
    ["?next=/repairs", "/repairs"],
    ["?next=%2Frepairs%3Fstatuses%3Dready%2Cdiagnosing", "/repairs?statuses=ready,diagnosing"],
  ])("goes nowhere but this site's pages: %s", (search, path) => {
    expect(pathAfterSignIn(search)).toBe(path);
  });

  it("does not remember the root, the dashboard (sign-in goes there anyway) or the sign-in page itself", () => {
    expect(loginPathFrom({ pathname: "/", search: "" })).toBe("/login");
    expect(loginPathFrom({ pathname: "/dashboard", search: "" })).toBe("/login");
    expect(loginPathFrom({ pathname: "/login", search: "?next=/x" })).toBe("/login");
  });
});
