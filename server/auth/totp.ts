import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";

/**
 * The password's second factor: RFC 6238 codes (6 digits, 30-second steps, SHA-1: what
 * every authenticator app uses), one step either side accepted for a phone's clock drift.
 */
const PERIOD_SECONDS = 30;

export function newTotpSecret(): string {
  // 20 bytes, base32: RFC 4226's recommended length.
  return generateSecret({ length: 20 });
}

/** The enrolment an authenticator app scans: its otpauth:// URL and that URL as a PNG data URL. */
export async function totpEnrolment(
  secret: string,
  account: { issuer: string; email: string },
): Promise<{ secret: string; otpauthUrl: string; qrCode: string }> {
  const otpauthUrl = generateURI({ issuer: account.issuer, label: account.email, secret });
  const qrCode = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: "M", margin: 2, width: 240 });
  return { secret, otpauthUrl, qrCode };
}

/**
 * The time step a code belongs to, if it is right for now (± one step) and newer than
 * `lastStep`, the step last accepted: a code used once cannot be used again, nor an older one.
 */
export async function checkTotp(
  secret: string,
  code: string,
  lastStep: number | null,
  now = new Date(),
): Promise<number | undefined> {
  const token = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(token)) return undefined;
  const result = await verify({
    secret,
    token,
    epoch: Math.floor(now.getTime() / 1000),
    period: PERIOD_SECONDS,
    epochTolerance: PERIOD_SECONDS,
  });
  if (!result.valid || !("timeStep" in result)) return undefined;
  // Compared here rather than with otplib's afterTimeStep, which throws when the stored step is ahead of the clock.
  if (lastStep !== null && result.timeStep <= lastStep) return undefined;
  return result.timeStep;
}
