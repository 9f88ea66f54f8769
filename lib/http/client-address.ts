import { BlockList, isIP } from "node:net";

// The client's address for per-address limits. By default it is the
// socket's: a client that talks to the server directly cannot choose it.
// Behind a reverse proxy every request comes from the proxy, so the operator
// names the proxies to trust (TRUST_PROXY: addresses or CIDR ranges, or
// "loopback"); then X-Forwarded-For is read from the right, skipping the
// trusted hops, and the first address not trusted is the client.

/** The header the HTTP server sets from the above; never taken from a client. */
export const CLIENT_ADDRESS_HEADER = "x-rd-client-address";

/** A forwarded list longer than this is not read past its last entries. */
const MAX_FORWARDED_HOPS = 16;

export type TrustedProxies = { check: (address: string) => boolean };

const plain = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");

/** Parses TRUST_PROXY; throws on an entry that is neither an address nor a range. */
export function trustedProxies(setting: string | undefined): TrustedProxies {
  const list = new BlockList();
  let any = false;
  for (const entry of (setting ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    any = true;
    if (entry === "loopback") {
      list.addSubnet("127.0.0.0", 8, "ipv4");
      list.addAddress("::1", "ipv6");
      continue;
    }
    const [address, bits] = entry.split("/");
    const family = isIP(address);
    if (!family || (bits !== undefined && !/^\d{1,3}$/.test(bits)))
      throw new Error(`TRUST_PROXY: "${entry}" is not an IP address or a CIDR range`);
    const type = family === 4 ? "ipv4" : "ipv6";
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return {
    check: (address) => {
      if (!any) return false;
      const ip = plain(address);
      const family = isIP(ip);
      return family !== 0 && list.check(ip, family === 4 ? "ipv4" : "ipv6");
    },
  };
}

/** The client's address: the socket's, or past the trusted proxies in X-Forwarded-For. */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trusted: TrustedProxies,
): string {
  let client = plain(socketAddress ?? "") || "unknown";
  if (!trusted.check(client)) return client;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? "");
  const hops = header
    .split(",")
    .slice(-MAX_FORWARDED_HOPS)
    .map((hop) => plain(hop.trim()));
  while (hops.length > 0 && trusted.check(client)) {
    const hop = hops.pop()!;
    if (!isIP(hop)) break; // not an address: the last trusted hop is as far as we can see
    client = hop;
  }
  return client;
}
