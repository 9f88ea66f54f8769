import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/**
 * V8's full garbage collection, taken without exposing `gc` to the app's
 * code: for the server when idle (scripts/serve.ts), for npm start's process
 * once it has started the server, and for `kill -USR2`'s memory report.
 */
export const collectGarbage: () => void = (() => {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  setFlagsFromString("--no-expose-gc");
  return gc;
})();
