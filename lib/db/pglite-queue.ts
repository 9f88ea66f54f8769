import type { PGlite } from "@electric-sql/pglite";

// PGlite is one Postgres session shared by every socket connection, so the
// socket server must not let two connections' protocol messages interleave.
// pglite-socket 0.2's own queue keeps a connection's transaction together, but
// outside one it takes single messages in arrival order: connection B's
// Parse/Bind can then replace connection A's unnamed statement or portal
// between A's Bind and Execute ("portal "" does not exist", seen under 20
// parallel requests). This queue gives a connection the session from its
// first message to the end of its batch (Sync or a simple Query), and for as
// long as that leaves a transaction open.

type Item = {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (error: unknown) => void;
};

const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const TERMINATE = 0x58; // 'X'

export class BatchAwareQueue {
  private queue: Item[] = [];
  private processing = false;
  /** The connection that holds the session, mid-batch or mid-transaction. */
  private owner: number | null = null;

  constructor(private readonly db: PGlite) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.process();
    });
  }

  getQueueLength(): number {
    return this.queue.length;
  }

  clearQueueForHandler(handlerId: number): void {
    this.queue = this.queue.filter((item) => {
      if (item.handlerId !== handlerId) return true;
      item.reject(new Error("Handler disconnected"));
      return false;
    });
    if (this.owner === handlerId && !this.db.isInTransaction()) this.release();
  }

  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.owner !== handlerId) return;
    if (this.db.isInTransaction()) await this.db.exec("ROLLBACK");
    this.release();
  }

  private release() {
    this.owner = null;
    void this.process();
  }

  private next(): Item | undefined {
    if (this.owner === null) return this.queue.shift();
    const index = this.queue.findIndex((item) => item.handlerId === this.owner);
    return index === -1 ? undefined : this.queue.splice(index, 1)[0];
  }

  private async process(): Promise<void> {
    if (this.processing) return;
    this.processing = true;
    try {
      for (let item = this.next(); item; item = this.next()) {
        let bytes = 0;
        let failed: unknown;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item!.message, {
              onRawData: (data: Uint8Array) => {
                bytes += data.length;
                item!.onData(data);
              },
            }),
          );
        } catch (error) {
          failed = error;
        }
        // A startup message starts with its length, whose first byte is 0.
        const type = item.message[0];
        const batchEnds = type === SYNC || type === QUERY || type === TERMINATE || type === 0;
        this.owner = batchEnds && !this.db.isInTransaction() ? null : item.handlerId;
        if (failed === undefined) item.resolve(bytes);
        else item.reject(failed);
      }
    } finally {
      this.processing = false;
    }
  }
}
