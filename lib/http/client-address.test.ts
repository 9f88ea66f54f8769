import { describe, expect, it } from "vitest";
import { clientAddress, trustedProxies } from "./client-address";

describe("clientAddress", () => {
  const none = trustedProxies(undefined);
  const proxy = trustedProxies("10.0.0.0/8, loopback");

  it("is the socket's address when no proxy is trusted, whatever the client claims", () => {
    expect(clientAddress("198.51.100.7", "1.2.3.4", none)).toBe("198.51.100.7");
    expect(clientAddress("::ffff:198.51.100.7", undefined, none)).toBe("198.51.100.7");
    expect(clientAddress("127.0.0.1", "1.2.3.4", none)).toBe("127.0.0.1");
  });

  it("reads X-Forwarded-For from the right, past the trusted proxies only", () => {
    expect(clientAddress("10.0.0.2", "203.0.113.9", proxy)).toBe("203.0.113.9");
    // The client put an address of its own first: the proxy appended the real one.
    expect(clientAddress("10.0.0.2", "6.6.6.6, 203.0.113.9", proxy)).toBe("203.0.113.9");
    expect(clientAddress("127.0.0.1", "6.6.6.6, 203.0.113.9, 10.1.2.3", proxy)).toBe("203.0.113.9");
    expect(clientAddress("198.51.100.7", "203.0.113.9", proxy)).toBe("198.51.100.7");
  });

  it("stops at an entry that is not an address, and never reads a huge header whole", () => {
    expect(clientAddress("10.0.0.2", "<script>", proxy)).toBe("10.0.0.2");
    expect(clientAddress("10.0.0.2", "x".repeat(8000), proxy)).toBe("10.0.0.2");
    expect(clientAddress("10.0.0.2", `${"1.1.1.1,".repeat(5000)}203.0.113.9`, proxy)).toBe("203.0.113.9");
  });

  it("refuses a TRUST_PROXY entry that is not an address or a range", () => {
    expect(() => trustedProxies("10.0.0.0/8, proxy.local")).toThrow(/TRUST_PROXY/);
    expect(trustedProxies("2001:db8::/32").check("2001:db8::1")).toBe(true);
  });
});
