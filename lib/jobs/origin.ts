import { getEnv } from '@/lib/env';

/** The portal's address for links in emails sent outside a request (the daily job). */
export function jobOrigin(): string {
  const configured = getEnv().NEXTAUTH_URL;
  if (configured) return configured.replace(/\/$/, '');
  return `http://localhost:${process.env.PORT ?? '3000'}`;
}
