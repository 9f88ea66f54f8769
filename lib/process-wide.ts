// State the whole process shares: the bundler gives each route's bundle, and
// the HTTP server (scripts/serve.ts), its own copy of a module, so a value
// held by a module would be one per copy. Each is kept on globalThis under
// its name, made on first use.

const store = globalThis as typeof globalThis & { [key: symbol]: unknown };

/** The process's one `name`, made by `make` the first time any copy asks. */
export function processWide<T>(name: string, make: () => T): T {
  const key = Symbol.for(`repair-desk.${name}`);
  return (store[key] ??= make()) as T;
}
