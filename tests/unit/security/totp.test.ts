import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  checkTotpCode,
  decryptTotpSecret,
  encryptTotpSecret,
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  timeStepOf,
  totpCodeAt,
  totpQrDataUrl,
  totpUri,
} from '@/lib/auth/totp';

// The portal's clock is the process's: a case sets the instant with fake timers, as the clock's own tests do.
const NOON = new Date('2026-12-01T18:00:10Z');
const at = (secondsFromNoon: number) => new Date(NOON.getTime() + secondsFromNoon * 1000);

beforeEach(() => {
  process.env.NEXTAUTH_SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
  vi.useFakeTimers({ now: NOON });
});
afterEach(() => vi.useRealTimers());

describe('authenticator app codes', () => {
  const secret = newTotpSecret();

  it('takes the code the app shows now, and the one of the step before or after (a phone’s clock drifts)', () => {
    const now = new Date();
    expect(checkTotpCode(secret, totpCodeAt(secret, now), now, null)).toBe(timeStepOf(now));
    expect(checkTotpCode(secret, totpCodeAt(secret, at(-30)), now, null)).toBe(timeStepOf(now) - 1);
    expect(checkTotpCode(secret, totpCodeAt(secret, at(30)), now, null)).toBe(timeStepOf(now) + 1);
    // Spaces as some apps show them ("123 456") do not matter.
    const code = totpCodeAt(secret, now);
    expect(checkTotpCode(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now, null)).toBe(timeStepOf(now));
  });

  it('refuses a code older than a minute, one from another secret, and anything that is not six digits', () => {
    const now = new Date();
    expect(checkTotpCode(secret, totpCodeAt(secret, at(-90)), now, null)).toBeNull();
    expect(checkTotpCode(secret, totpCodeAt(secret, at(90)), now, null)).toBeNull();
    const other = newTotpSecret();
    const foreign = totpCodeAt(other, now);
    if (foreign !== totpCodeAt(secret, now)) expect(checkTotpCode(secret, foreign, now, null)).toBeNull();
    expect(checkTotpCode(secret, '', now, null)).toBeNull();
    expect(checkTotpCode(secret, 'abcdef', now, null)).toBeNull();
    expect(checkTotpCode(secret, `${totpCodeAt(secret, now)}0`, now, null)).toBeNull();
  });

  it('refuses a code used once already, and an older one after a newer one was used (no replay)', () => {
    const now = new Date();
    const code = totpCodeAt(secret, now);
    const used = checkTotpCode(secret, code, now, null);
    expect(used).toBe(timeStepOf(now));
    expect(checkTotpCode(secret, code, now, used)).toBeNull();
    // Ten seconds later the same code is still on the phone, and still refused.
    vi.advanceTimersByTime(10_000);
    expect(checkTotpCode(secret, code, new Date(), used)).toBeNull();
    expect(checkTotpCode(secret, totpCodeAt(secret, at(-30)), new Date(), used)).toBeNull();
    // The next step's code is taken.
    vi.advanceTimersByTime(30_000);
    expect(checkTotpCode(secret, totpCodeAt(secret, new Date()), new Date(), used)).toBe((used ?? 0) + 1);
  });

  it('gives the app an otpauth address and a QR code drawn on the server', async () => {
    expect(totpUri(secret, 'reviewer@example.com')).toMatch(/^otpauth:\/\/totp\/Iowa%20MMP%20Portal:reviewer%40example\.com\?.*secret=/);
    const qr = await totpQrDataUrl(secret, 'reviewer@example.com');
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr.split(',')[1]!, 'base64').toString()).toContain('<svg');
  });
});

describe('secrets at rest', () => {
  it('are stored encrypted, and only decrypt for the account they were made for', () => {
    const secret = newTotpSecret();
    const stored = encryptTotpSecret(secret, 'user-a');
    expect(stored).not.toContain(secret);
    expect(encryptTotpSecret(secret, 'user-a')).not.toBe(stored); // a fresh nonce each time
    expect(decryptTotpSecret(stored, 'user-a')).toBe(secret);
    expect(() => decryptTotpSecret(stored, 'user-b')).toThrow();
    const tampered = stored.slice(0, -2) + (stored.endsWith('A') ? 'BB' : 'AA');
    expect(() => decryptTotpSecret(tampered, 'user-a')).toThrow();
  });
});

describe('recovery codes', () => {
  it('are ten different codes, matched whatever the capitals, spaces or dash', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const c = codes[0]!;
    expect(hashRecoveryCode(` ${c.toUpperCase().replace('-', ' ')} `)).toBe(hashRecoveryCode(c));
    expect(hashRecoveryCode(codes[1]!)).not.toBe(hashRecoveryCode(c));
  });
});
