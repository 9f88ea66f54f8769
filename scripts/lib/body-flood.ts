import { connect } from "node:net";

// Requests whose bodies are written whole whatever the server answers, as a
// script or a phone on a slow link does: what refused bodies cost the server.
// Run in a process of its own (the tests' and the bench's clients would
// otherwise share their event loop with the writing):
//   node --import tsx scripts/lib/body-flood.ts <url> <token> <count> <bytes> [seconds] [everyMs]
// sends `count` at once and prints one JSON line: each request's status line
// (empty when none arrived) and whether every byte was taken; with `seconds`,
// sends `count` at once again for that long (each time the last ones are
// answered, or every `everyMs` at most), and prints every answer.

export type FloodAnswer = { status: string; wroteAll: boolean };

const PIECE = Buffer.alloc(1024 * 1024, 0x41);

export function sendWhole(url: string, token: string, size: number): Promise<FloodAnswer> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let answer = "";
    let wroteAll = false;
    const finish = () => resolve({ status: answer.split("\r\n", 1)[0] ?? "", wroteAll });
    socket.on("data", (data) => {
      answer += data;
      if (wroteAll) socket.end();
    });
    socket.on("error", () => {});
    socket.on("close", finish);
    socket.write(
      `POST ${pathname} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: application/octet-stream\r\nContent-Length: ${size}\r\n\r\n`,
    );
    let sent = 0;
    const pump = () => {
      while (sent < size && !socket.destroyed) {
        const piece = PIECE.subarray(0, Math.min(PIECE.length, size - sent));
        sent += piece.length;
        const last = sent >= size;
        const more = socket.write(piece, (error) => {
          if (!last || error) return;
          wroteAll = true;
          if (answer) socket.end();
        });
        if (!more) return void socket.once("drain", pump);
      }
    };
    pump();
  });
}

export const flood = (url: string, token: string, count: number, size: number) =>
  Promise.all(Array.from({ length: count }, () => sendWhole(url, token, size)));

async function floodFor(url: string, token: string, count: number, size: number, seconds: number, everyMs: number) {
  const answers: FloodAnswer[] = [];
  const until = performance.now() + seconds * 1000;
  do {
    const started = performance.now();
    answers.push(...(await flood(url, token, count, size)));
    const left = Math.min(everyMs - (performance.now() - started), until - performance.now());
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  } while (performance.now() < until);
  return answers;
}

if (process.argv[1]?.endsWith("body-flood.ts")) {
  const [url, token, count, size, seconds, everyMs] = process.argv
    .slice(2)
    .map((arg, i) => (i < 2 ? arg : Number(arg)));
  void floodFor(
    String(url),
    String(token),
    Number(count),
    Number(size),
    Number(seconds ?? 0),
    Number(everyMs ?? 0),
  ).then((answers) => console.log(JSON.stringify(answers)));
}
