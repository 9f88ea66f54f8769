import { generateSecret, generateURI, verify } from "otplib";
import { open, seal } from "@/lib/crypto/secret-box";
import { env } from "@/lib/env";
import { runOnPool } from "./worker-pool";

// TOTP (RFC 6238): 160-bit secrets, 6 digits, 30-second steps. A code is
// accepted for the current and the previous step only; lib/auth/two-factor.ts
// makes sure each step is accepted once.

const ISSUER = "Repair Desk";

export const newTotpSecret = () => generateSecret({ length: 20 });
export const sealTotpSecret = (secret: string) => seal(secret, env().ENCRYPTION_KEY);
export const openTotpSecret = (sealed: string) => open(sealed, env().ENCRYPTION_KEY);

/** The set-up's QR code (a PNG data URL), drawn on a worker thread (./worker-pool). */
export async function totpQrCode(secret: string, accountEmail: string): Promise<string> {
  const uri = generateURI({ issuer: ISSUER, label: accountEmail, secret });
  return (await runOnPool("qr", uri, { errorCorrectionLevel: "M", margin: 1, width: 240 })).result;
}

/** The time step a code belongs to, when it is the current or the previous one; else null. */
export async function totpStep(secret: string, code: string, now = new Date()): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: [30, 0],
  });
  // A TOTP result carries the time step the code matched.
  return result.valid && "timeStep" in result ? result.timeStep : null;
}
