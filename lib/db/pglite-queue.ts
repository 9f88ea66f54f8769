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
/** The owner while the server's own work holds the session (whenIdle): no connection's id. */
const SERVER = -1;

export class BatchAwareQueue {
  private queue: Item[] = [];
  private processing = false;
  /** The connection that holds the session, mid-batch or mid-transaction (or the server's own work). */
  private owner: number | null = null;
  /** When a connection last sent a message. */
  private lastMessage = performance.now();

  constructor(private readonly db: PGlite) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    this.lastMessage = performance.now();
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.process();
    });
  }

  /**
   * Runs `work` on the session as a connection's batch would have it, if no
   * connection holds the session or waits for it and none has sent anything
   * for `idleMs`: connections that come meanwhile wait in the queue, as for
   * another connection's transaction. Null when the session was not free.
   */
  async whenIdle<T>(idleMs: number, work: () => Promise<T>): Promise<{ value: T } | null> {
    const idle = performance.now() - this.lastMessage >= idleMs;
    if (!idle || this.owner !== null || this.processing || this.queue.length > 0) return null;
    this.owner = SERVER;
    try {
      return { value: await work() };
    } finally {
      this.release();
    }
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
