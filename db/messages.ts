// What the database commands print: which database they worked on, by the name an operator knows
// it by, and what happened to the demo data, in words that stay true on a second run.
import type { DbOptions } from './client';

/** "the PostgreSQL database mmp at db.example:5432", or "the embedded database in /srv/mmp/.data". */
export function databaseLabel(options: DbOptions): string {
  if (options.mode === 'embedded') return `the embedded database in ${options.dataDir ?? 'memory'}`;
  try {
    const u = new URL(options.url);
    const name = decodeURIComponent(u.pathname.replace(/^\//, '')) || decodeURIComponent(u.username) || 'postgres';
    return `the PostgreSQL database ${name} at ${u.hostname || 'localhost'}:${u.port || '5432'}`;
  } catch {
    return 'the PostgreSQL database DATABASE_URL names';
  }
}

/** What the seed did with the demo data set: loaded it, found the portal in use, or was not asked. */
export type DemoOutcome = 'loaded' | 'present' | 'not-requested';

/** What became of the demo data set, after "demo data". */
export function demoOutcome(demo: DemoOutcome): string {
  switch (demo) {
    case 'loaded':
      return 'demo data loaded';
    case 'present':
      return 'demo data not added: the portal already has accounts';
    case 'not-requested':
      return 'no demo data (not asked for)';
  }
}
