import 'server-only';
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { authSecret } from '@/lib/env';

// Authenticator-app codes (RFC 6238: 6 digits, 30-second steps, SHA-1, as every app reads them)
// through the otpauth library, and the one-time recovery codes given at enrolment.
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
// A code of the step before or after the current one is still taken: a phone's clock is rarely exact,
// and typing takes time.
export const TOTP_WINDOW_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;
const ISSUER = 'Iowa MMP Portal';

/** A new random secret (160 bits, as RFC 4226 recommends), in base32 for typing into an app. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpFor(secretBase32: string, label = ''): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });
}

/** The time-step an instant falls in: the number of 30-second periods since 1970. */
export function timeStepOf(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code an app shows at `at` (for tests, and nothing else in the portal). */
export function totpCodeAt(secretBase32: string, at: Date): string {
  return totpFor(secretBase32).generate({ timestamp: at.getTime() });
}

/**
 * Checks a typed code against the secret at `at`: the time-step it belongs to, or null when it is
 * wrong, outside the window, or of a step at or before `lastUsedStep` (a code already used, or an
 * older one, is refused so a code seen over someone's shoulder cannot be replayed).
 */
export function checkTotpCode(secretBase32: string, code: string, at: Date, lastUsedStep: number | null): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpFor(secretBase32).validate({ token, timestamp: at.getTime(), window: TOTP_WINDOW_STEPS });
  if (delta === null) return null;
  const step = timeStepOf(at) + delta;
  if (lastUsedStep !== null && step <= lastUsedStep) return null;
  return step;
}

/** The otpauth:// address an app reads from the QR code. */
export function totpUri(secretBase32: string, accountEmail: string): string {
  return totpFor(secretBase32, accountEmail).toString();
}

/** The enrolment QR code, drawn on the server as an SVG data URL (no script, no outside service). */
export async function totpQrDataUrl(secretBase32: string, accountEmail: string): Promise<string> {
  const svg = await QRCode.toString(totpUri(secretBase32, accountEmail), { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

// Secrets at rest: AES-256-GCM, with a key derived from the session secret (HKDF-SHA256) and the
// user's id as associated data, so a stored secret copied onto another account does not decrypt.
const FORMAT = 'v1';
function key(): Buffer {
  return Buffer.from(hkdfSync('sha256', authSecret(), 'mmp-second-factor', 'totp-secret-v1', 32));
}

export function encryptTotpSecret(secretBase32: string, userId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(), iv);
  cipher.setAAD(Buffer.from(userId));
  const body = Buffer.concat([cipher.update(secretBase32, 'utf8'), cipher.final()]);
  return `${FORMAT}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

export function decryptTotpSecret(stored: string, userId: string): string {
  const [format, data] = stored.split(':');
  if (format !== FORMAT || !data) throw new Error('Unknown second-factor secret format');
  const raw = Buffer.from(data, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key(), raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(userId));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

// Recovery codes: two groups of five from letters and digits that cannot be misread (no 0/o, 1/l/i),
// about 49 bits each; stored as a SHA-256 hash only.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const one = () => Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return Array.from({ length: count }, () => {
    const c = one();
    return `${c.slice(0, 5)}-${c.slice(5)}`;
  });
}

/** Spaces, dashes and capitals do not matter when a recovery code is typed. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]+/g, '');
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(`mmp-recovery:${normalizeRecoveryCode(code)}`).digest('hex');
}

export function looksLikeRecoveryCode(code: string): boolean {
  return /^[a-z0-9]{10}$/.test(normalizeRecoveryCode(code));
}
