import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { freePort } from "./free-port";

// A real SMTP server on loopback (the nodemailer project's smtp-server) that
// keeps every message it is given, parsed, for the tests to read.

export type Inbox = {
  port: number;
  url: string;
  messages: ParsedMail[];
  /** Waits until at least `count` messages arrived. */
  waitFor: (count: number, timeoutMs?: number) => Promise<ParsedMail[]>;
  close: () => Promise<void>;
};

export async function startInbox(options: { port?: number; refuse?: (to: string) => boolean } = {}): Promise<Inbox> {
  const port = options.port ?? (await freePort());
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // Closing waits this long for clients' pooled connections, then drops them.
    closeTimeout: 500,
    onRcptTo(address, _session, callback) {
      if (options.refuse?.(address.address)) {
        const error = Object.assign(new Error("550 No such user here"), { responseCode: 550 });
        return callback(error);
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          messages.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  // A client dropping its connection (a server killed -9, a pool closed) is not the test's failure.
  server.on("error", () => undefined);
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor: async (count, timeoutMs = 20_000) => {
      const until = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > until) throw new Error(`${messages.length} of ${count} messages arrived`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return messages;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
