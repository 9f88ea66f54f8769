// A thread of lib/auth/worker-pool.ts: bcrypt's hashing and comparing, and
// 2FA set-up QR codes, answered by job id.
import { parentPort, threadId } from "node:worker_threads";
import bcrypt from "bcryptjs";

let qrcode; // loaded on a thread's first QR code: most threads only ever hash
const run = {
  hash: (password, cost) => bcrypt.hashSync(password, cost),
  compare: (password, hash) => bcrypt.compareSync(password, hash),
  qr: async (text, options) => (qrcode ??= (await import("qrcode")).default).toDataURL(text, options),
};
parentPort.on("message", async ({ id, op, args }) => {
  try {
    parentPort.postMessage({ id, result: await run[op](...args), threadId });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error), threadId });
  }
});
