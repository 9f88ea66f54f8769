// Completes package-lock.json with the platform-specific optional packages
// (e.g. @next/swc-darwin-arm64) that the npm registry reachable from our build
// machines does not serve: without their entries `npm ci` refuses the lock as
// out of sync. Each entry gets the version its parent names and the os/cpu/libc
// read from its name, so npm skips it on other platforms and fetches it (by
// version) on the platform it is for. Run after `npm install` changes the lock.
import { readFileSync, writeFileSync } from "node:fs";

const OS = ["darwin", "linux", "win32", "android", "freebsd", "openbsd", "netbsd", "sunos", "aix"];
const CPU = ["x64", "arm64", "arm", "ia32", "ppc64", "s390x", "riscv64", "loong64", "mips64el", "wasm32"];

function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const entry = {};
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  if (os) entry.os = [os];
  if (cpu) entry.cpu = [cpu];
  if (os === "linux" && parts.some((p) => p.startsWith("gnu"))) entry.libc = ["glibc"];
  if (os === "linux" && parts.includes("musl")) entry.libc = ["musl"];
  return entry;
}

const file = "package-lock.json";
const lock = JSON.parse(readFileSync(file, "utf8"));
let added = 0;
for (const [location, pkg] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const nested = `${location ? `${location}/` : ""}node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[`node_modules/${name}`]) continue;
    const platform = platformOf(name);
    if (!platform.os && !platform.cpu) continue; // not a platform binary: leave it to npm
    lock.packages[`node_modules/${name}`] = { version, optional: true, ...platform };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
writeFileSync(file, JSON.stringify(lock, null, 2) + "\n");
console.log(`package-lock.json: added ${added} platform package entr${added === 1 ? "y" : "ies"}`);
