import { once } from "node:events";
import type { Writable } from "node:stream";
import { constants, crc32, deflateRawSync } from "node:zlib";

// A streaming ZIP writer, just what an .xlsx needs: deflated entries written
// one after the other as their content comes, each followed by a data
// descriptor (its CRC and sizes, known only at its end), then the central
// directory. Deflating is done piece by piece, synchronously, on the thread
// that writes (an export's own, lib/export/worker.ts): its priority and its
// pauses for requests cover the deflating too, which on libuv's threads they
// did not. Each piece is deflated with the 32 KB before it as its dictionary
// and ends on a byte boundary (a sync flush), so the pieces join into one
// deflate stream that compresses as one would (pigz does the same). No ZIP64:
// an entry or the archive past 4 GiB is refused rather than written corrupt
// (a sheet holds at most 1,048,576 rows, far below that).

const LIMIT = 0xffffffff;
/** Bit 3: sizes in a data descriptor after the data; bit 11: names in UTF-8. */
const FLAGS = 0x0808;
const DEFLATE = 8;
const VERSION = 20;

type Entry = { name: Buffer; crc: number; compressed: number; size: number; offset: number };

/** The DOS time and date fields of `at` (local fields, as zip tools read them). */
function dosTime(at: Date): [number, number] {
  const time = (at.getHours() << 11) | (at.getMinutes() << 5) | (at.getSeconds() >> 1);
  const date = ((Math.max(at.getFullYear(), 1980) - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate();
  return [time, date];
}

/** Deflate's window: the last 32 KB of what was deflated so far. */
const WINDOW = 32 * 1024;
function lastWindow(previous: Buffer | null, bytes: Buffer): Buffer {
  if (bytes.length >= WINDOW) return bytes.subarray(bytes.length - WINDOW);
  const joined = previous ? Buffer.concat([previous, bytes]) : bytes;
  return joined.subarray(Math.max(0, joined.length - WINDOW));
}

export class ZipWriter {
  private readonly entries: Entry[] = [];
  private written = 0;
  private readonly time: number;
  private readonly date: number;

  constructor(
    private readonly out: Writable,
    private readonly level = 6,
    now = new Date(),
  ) {
    [this.time, this.date] = dosTime(now);
  }

  private async write(bytes: Buffer) {
    // The download was dropped: stop making the file.
    if (this.out.destroyed) throw new Error("the output was closed");
    this.written += bytes.length;
    if (this.out.write(bytes)) return;
    // Until there is room again, or the output is closed; then neither listener is left behind.
    const waited = new AbortController();
    try {
      await Promise.race([
        once(this.out, "drain", { signal: waited.signal }),
        once(this.out, "close", { signal: waited.signal }),
      ]);
    } finally {
      waited.abort();
    }
  }

  /** Adds one file, deflating its content as it is produced. */
  async add(name: string, content: Iterable<string | Buffer> | AsyncIterable<string | Buffer>) {
    const entry: Entry = { name: Buffer.from(name, "utf8"), crc: 0, compressed: 0, size: 0, offset: this.written };
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(FLAGS, 6);
    header.writeUInt16LE(DEFLATE, 8);
    header.writeUInt16LE(this.time, 10);
    header.writeUInt16LE(this.date, 12);
    // CRC and sizes (14 to 25) stay zero: they follow in the data descriptor.
    header.writeUInt16LE(entry.name.length, 26);
    await this.write(Buffer.concat([header, entry.name]));
    let window: Buffer | null = null;
    for await (const piece of content) {
      const bytes = typeof piece === "string" ? Buffer.from(piece, "utf8") : piece;
      if (bytes.length === 0) continue;
      entry.crc = crc32(bytes, entry.crc);
      entry.size += bytes.length;
      const deflated = deflateRawSync(bytes, {
        level: this.level,
        finishFlush: constants.Z_SYNC_FLUSH,
        ...(window ? { dictionary: window } : {}),
      });
      window = lastWindow(window, bytes);
      entry.compressed += deflated.length;
      await this.write(deflated);
    }
    // The last block, empty, marked final.
    const end = deflateRawSync(Buffer.alloc(0), { level: this.level });
    entry.compressed += end.length;
    await this.write(end);
    if (entry.size > LIMIT || this.written > LIMIT) throw new Error(`zip entry ${name} is past 4 GiB`);
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(entry.crc, 4);
    descriptor.writeUInt32LE(entry.compressed, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    await this.write(descriptor);
    this.entries.push(entry);
  }

  /** Writes the central directory and ends the output. */
  async finish() {
    const start = this.written;
    for (const entry of this.entries) {
      const record = Buffer.alloc(46);
      record.writeUInt32LE(0x02014b50, 0);
      record.writeUInt16LE(VERSION, 4); // made by (MS-DOS)
      record.writeUInt16LE(VERSION, 6); // needed
      record.writeUInt16LE(FLAGS, 8);
      record.writeUInt16LE(DEFLATE, 10);
      record.writeUInt16LE(this.time, 12);
      record.writeUInt16LE(this.date, 14);
      record.writeUInt32LE(entry.crc, 16);
      record.writeUInt32LE(entry.compressed, 20);
      record.writeUInt32LE(entry.size, 24);
      record.writeUInt16LE(entry.name.length, 28);
      // Extra field, comment, disk, attributes: none (30 to 41).
      record.writeUInt32LE(entry.offset, 42);
      await this.write(Buffer.concat([record, entry.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.written - start, 12);
    end.writeUInt32LE(start, 16);
    await this.write(end);
    if (this.written > LIMIT) throw new Error("zip archive is past 4 GiB");
    this.out.end();
  }
}
