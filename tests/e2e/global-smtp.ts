import { startInbox } from "@/scripts/lib/mail-sink";

// A real SMTP server on loopback for the e2e server's customer notices
// (playwright.config.ts gives the server its address); closed at the end.
export default async function globalSetup() {
  const inbox = await startInbox({ port: Number(process.env.E2E_SMTP_PORT) });
  return () => inbox.close();
}
