import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

// Configuration comes from the environment, validated once at start-up. Every value has a safe
// default for the embedded (PGlite) demo; a PostgreSQL server in production must set its own
// secret and public address.
const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// or postgresql:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    MMP_DATA_DIR: z.string().min(1).default('.data/pglite'),
    PG_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    NEXTAUTH_SECRET: z.string().min(32, 'NEXTAUTH_SECRET must be at least 32 characters').optional(),
    // The portal's public address (scheme, host and port, no path): every link in an email or a
    // calendar feed is built from it, never from a request's headers.
    MMP_PUBLIC_URL: z
      .string()
      .regex(/^https?:\/\/[^/?#\s]+\/?$/, 'MMP_PUBLIC_URL must be an http:// or https:// address with no path, e.g. https://mmp.iowa.gov')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    // Kept for next-auth; when MMP_PUBLIC_URL is unset, it serves as the public address.
    NEXTAUTH_URL: z.string().url().optional(),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    // Addresses (or CIDR ranges, or 'loopback') of reverse proxies whose X-Forwarded-For and
    // X-Forwarded-Proto are believed. Unset: no proxy, the client is the socket's peer.
    TRUSTED_PROXY: z
      .string()
      .optional()
      .transform((v) => (v ?? '').split(',').map((s) => s.trim()).filter(Boolean))
      .pipe(z.array(z.string().regex(/^(loopback|linklocal|uniquelocal|[0-9a-fA-F:.]+(\/\d{1,3})?)$/, 'TRUSTED_PROXY must list IP addresses or CIDR ranges, separated by commas'))),
    SMTP_URL: z.string().url().optional(),
    // Attachments: the local disk (one server, or a shared mount), or an S3-compatible store that
    // several servers share.
    MMP_STORAGE: z.enum(['local', 's3']).default('local'),
    MMP_ATTACHMENTS_DIR: z.string().min(1).default('.data/attachments'),
    MMP_S3_BUCKET: z.string().min(1).optional(),
    MMP_S3_PREFIX: z.string().optional(),
    MMP_S3_ENDPOINT: z.string().url().optional(),
    MMP_S3_REGION: z.string().min(1).default('us-east-1'),
    MMP_S3_FORCE_PATH_STYLE: z
      .enum(['0', '1', 'true', 'false', ''])
      .optional()
      .transform((v) => (v === undefined || v === '' ? undefined : v === '1' || v === 'true')),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    MAIL_FROM: z.string().default('Iowa MMP Portal <no-reply@mmp.iowa.example>'),
    // Test mode only: lets a browser journey set the portal's date (e.g. day 60 of a review).
    MMP_TEST_CLOCK: flag,
    MMP_TODAY: z.string().regex(isoDate, 'MMP_TODAY must be YYYY-MM-DD').optional(),
    MMP_DEMO: flag,
    // Department staff and the administrator: 'required' sends one without a second factor to set it
    // up before anything else; 'reminded' lets them in with a reminder on every page.
    MMP_STAFF_SECOND_FACTOR: z.enum(['required', 'reminded']).optional(),
    // Online fee payments (lib/payments). 'test' is the portal's own test payment page: no money
    // moves. A real processor must be configured before going live (README, "Paying fees").
    MMP_PAYMENT_PROVIDER: z.enum(['test', 'off']).optional(),
    // Signs the processor's webhook events (HMAC-SHA256). Off a production server a random one is
    // made on first start and kept beside the database, like the session secret.
    MMP_PAYMENT_WEBHOOK_SECRET: z.string().min(32, 'MMP_PAYMENT_WEBHOOK_SECRET must be at least 32 characters').optional(),
  })
  .superRefine((env, ctx) => {
    if (env.MMP_STORAGE === 's3' && !env.MMP_S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['MMP_S3_BUCKET'], message: 'MMP_S3_BUCKET (the bucket that holds attachments) is required with MMP_STORAGE=s3' });
    }
    if (env.MMP_TODAY && !env.MMP_TEST_CLOCK) {
      ctx.addIssue({ code: 'custom', path: ['MMP_TODAY'], message: 'MMP_TODAY needs MMP_TEST_CLOCK=1' });
    }
    if (env.DATABASE_URL && env.NODE_ENV === 'production' && !env.MMP_PUBLIC_URL && !env.NEXTAUTH_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['MMP_PUBLIC_URL'],
        message: 'MMP_PUBLIC_URL (the address people use to reach the portal) is required when running on a PostgreSQL server in production',
      });
    }
    if (env.DATABASE_URL && env.NODE_ENV === 'production' && !env.NEXTAUTH_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['NEXTAUTH_SECRET'],
        message: 'NEXTAUTH_SECRET is required when running on a PostgreSQL server in production (generate one with: openssl rand -hex 32)',
      });
    }
  });

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

/** Validates a set of variables (the process's, or a test's) into the configuration. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  return parsed.data;
}

export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

export function databaseMode(): 'embedded' | 'postgres' {
  return getEnv().DATABASE_URL ? 'postgres' : 'embedded';
}

/**
 * The portal's public origin (no trailing slash), for every link in an email or a calendar feed.
 * MMP_PUBLIC_URL, else NEXTAUTH_URL; without either (only allowed off a production server) the
 * local address of the embedded demo.
 */
export function publicOrigin(): string {
  const env = getEnv();
  const configured = env.MMP_PUBLIC_URL ?? env.NEXTAUTH_URL;
  if (configured) return new URL(configured).origin;
  return `http://localhost:${env.PORT}`;
}

/** Where the generated session secret of the embedded mode is kept: beside the database folder. */
export function generatedSecretFile(env: Env = getEnv()): string {
  return path.join(path.dirname(path.resolve(/*turbopackIgnore: true*/ process.cwd(), env.MMP_DATA_DIR)), 'session-secret');
}

/** Which payment provider takes fees online: the test page unless told otherwise, never by default on a production server. */
export function paymentProviderName(env: Env = getEnv()): 'test' | 'off' {
  if (env.MMP_PAYMENT_PROVIDER) return env.MMP_PAYMENT_PROVIDER;
  return env.DATABASE_URL && env.NODE_ENV === 'production' ? 'off' : 'test';
}

/**
 * Whether department staff and the administrator must have a second factor to use the portal:
 * MMP_STAFF_SECOND_FACTOR, else required on a production server (PostgreSQL, NODE_ENV=production)
 * unless its database holds the demo (`onDemoData`), and a reminder on the embedded demo: the demo's
 * staff accounts sign in with the README's password.
 */
export function staffSecondFactorPolicy(env: Env = getEnv(), onDemoData = false): 'required' | 'reminded' {
  if (env.MMP_STAFF_SECOND_FACTOR) return env.MMP_STAFF_SECOND_FACTOR;
  return env.DATABASE_URL && env.NODE_ENV === 'production' && !onDemoData ? 'required' : 'reminded';
}

/** A random secret made on first start and kept in the data folder, readable by its owner only. */
function generatedSecret(file: string): string {
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    // 'wx': of two processes starting together, one writes and the other reads what it wrote.
    writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  chmodSync(file, 0o600);
  const stored = readFileSync(file, 'utf8').trim();
  if (stored.length < 32) throw new Error(`The secret in ${file} is shorter than 32 characters; delete the file to make a new one.`);
  return stored;
}

let webhookSecret: string | undefined;

/**
 * The secret that signs payment webhook events: MMP_PAYMENT_WEBHOOK_SECRET, or off a production
 * server a generated one kept in `.data/payment-webhook-secret`. A production server without it
 * refuses payment events rather than accept a guessable signature.
 */
export function paymentWebhookSecret(): string {
  if (webhookSecret) return webhookSecret;
  const env = getEnv();
  if (env.MMP_PAYMENT_WEBHOOK_SECRET) return (webhookSecret = env.MMP_PAYMENT_WEBHOOK_SECRET);
  if (env.DATABASE_URL && env.NODE_ENV === 'production') throw new Error('MMP_PAYMENT_WEBHOOK_SECRET is required to take payments on a production server');
  return (webhookSecret = generatedSecret(path.join(path.dirname(generatedSecretFile(env)), 'payment-webhook-secret')));
}

let secret: string | undefined;

/**
 * The secret that signs sessions: NEXTAUTH_SECRET, or (off a production server) a random one made
 * on first start and kept in the data folder, readable by its owner only, so sessions survive a
 * restart. There is no fixed fallback: a secret in the source would let anyone forge a session.
 */
export function authSecret(): string {
  if (secret) return secret;
  const env = getEnv();
  if (env.NEXTAUTH_SECRET) return (secret = env.NEXTAUTH_SECRET);
  return (secret = generatedSecret(generatedSecretFile(env)));
}
