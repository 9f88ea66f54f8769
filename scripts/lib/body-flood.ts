import { connect } from "node:net";

// Requests whose bodies are written whole whatever the server answers, as a
// script or a phone on a slow link does: what refused bodies cost the server.
// Run in a process of its own (the tests' and the bench's clients would
// otherwise share their event loop with the writing):
//   node --import tsx scripts/lib/body-flood.ts <url> <token> <count> <bytes> [seconds] [everyMs] [--multipart]
// sends `count` at once and prints one JSON line: each request's status line
// (empty when none arrived) and whether every byte was taken; with `seconds`,
// sends `count` at once again for that long (each time the last ones are
// answered, or every `everyMs` at most), and prints every answer.

export type FloodAnswer = { status: string; wroteAll: boolean };

const PIECE = Buffer.alloc(1024 * 1024, 0x41);

/**
 * One request of `size` bytes in all: a plain body, or (multipart) two photo
 * parts of about half each, as the photo form sends them, whose bytes only
 * start like a JPEG.
 */
export function sendWhole(url: string, token: string, size: number, multipart = false): Promise<FloodAnswer> {
  const { hostname, port, pathname } = new URL(url);
  const boundary = "----flood" + Math.random().toString(36).slice(2);
  const part = (i: number) =>
    Buffer.from(
      `${i ? "\r\n" : ""}--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="p${i}.jpg"\r\n` +
        `Content-Type: image/jpeg\r\n\r\n\xff\xd8\xff`,
      "latin1",
    );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const overhead = multipart ? part(0).length + part(1).length + tail.length : 0;
  const half = Math.floor((size - overhead) / 2);
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
    const type = multipart ? `multipart/form-data; boundary=${boundary}` : "application/octet-stream";
    socket.write(
      `POST ${pathname} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: ${type}\r\nContent-Length: ${size}\r\n\r\n`,
    );
    // Where the parts' headers and the closing boundary go, by the body's offset.
    const marks = multipart
      ? [
          { at: 0, bytes: part(0) },
          { at: part(0).length + half, bytes: part(1) },
          { at: size - tail.length, bytes: tail },
        ]
      : [];
    let sent = 0;
    const pump = () => {
      while (sent < size && !socket.destroyed) {
        const mark = marks.find((m) => m.at === sent);
        const next = marks.find((m) => m.at > sent)?.at ?? size;
        const piece = mark ? mark.bytes : PIECE.subarray(0, Math.min(PIECE.length, next - sent));
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

export const flood = (url: string, token: string, count: number, size: number, multipart = false) =>
  Promise.all(Array.from({ length: count }, () => sendWhole(url, token, size, multipart)));

async function floodFor(
  url: string,
  token: string,
  count: number,
  size: number,
  seconds: number,
  everyMs: number,
  multipart: boolean,
) {
  const answers: FloodAnswer[] = [];
  const until = performance.now() + seconds * 1000;
  do {
    const started = performance.now();
    answers.push(...(await flood(url, token, count, size, multipart)));
    const left = Math.min(everyMs - (performance.now() - started), until - performance.now());
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  } while (performance.now() < until);
  return answers;
}

if (process.argv[1]?.endsWith("body-flood.ts")) {
  const args = process.argv.slice(2);
  const multipart = args.includes("--multipart");
  const [url, token, count, size, seconds, everyMs] = args.filter((arg) => arg !== "--multipart");
  void floodFor(url, token, Number(count), Number(size), Number(seconds ?? 0), Number(everyMs ?? 0), multipart).then(
    (answers) => console.log(JSON.stringify(answers)),
  );
}
