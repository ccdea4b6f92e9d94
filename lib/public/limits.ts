import { hitRateLimit, type RateLimitAnswer } from '@/lib/net/rate-limit';

// How often one client address may load the public search and its export. Generous for a person
// or a newsroom; a scraper hammering the page is slowed, and the database with it is protected.
export const PUBLIC_LIMITS = {
  search: { limit: 120, windowSeconds: 60 },
  export: { limit: 10, windowSeconds: 60 },
  // Checking a copy of record: a person checks a few; guessing hashes gets nowhere at this rate.
  verify: { limit: 20, windowSeconds: 60 },
} as const;

export function limitPublic(kind: keyof typeof PUBLIC_LIMITS, address: string): Promise<RateLimitAnswer> {
  return hitRateLimit(`public:${kind}:${address}`, PUBLIC_LIMITS[kind]);
}
