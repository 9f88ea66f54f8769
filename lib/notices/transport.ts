import { createTransport } from "nodemailer";
import { settings } from "@/lib/env";

// The operator's mail server, from SMTP_URL (smtp://user:password@host:port,
// or smtps:// for TLS from the first byte; STARTTLS is used when offered).
// One pooled transport per process: a burst of notices reuses connections.

export type MailMessage = {
  to: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  messageId: string;
};
export type Mailer = { send: (message: MailMessage) => Promise<void>; close: () => void };

export function smtpMailer(url = settings().SMTP_URL!, from = settings().MAIL_FROM!): Mailer {
  const parsed = new URL(url);
  const transport = createTransport({
    pool: true,
    maxConnections: 2,
    host: parsed.hostname,
    port: Number(parsed.port) || (parsed.protocol === "smtps:" ? 465 : 587),
    secure: parsed.protocol === "smtps:",
    auth: parsed.username
      ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) }
      : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    send: async (message) => {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}
