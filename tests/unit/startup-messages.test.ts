import { describe, expect, it } from 'vitest';
import { describeFailure } from '@/db/errors';
import { databaseLabel, demoOutcome } from '@/db/messages';
import { parseEnv } from '@/lib/env';

// What an operator reads when the portal starts or a database command runs: the hint fits the
// failure, the database is named as they know it, the demo data's fate is said truly.
describe('start-up messages', () => {
  it('a missing NEXTAUTH_SECRET in production is not taken for an SSL problem', () => {
    let err: unknown;
    try {
      parseEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://mmp@db.example:5432/mmp', MMP_PUBLIC_URL: 'https://mmp.iowa.example' });
    } catch (e) {
      err = e;
    }
    const said = describeFailure('Could not start the portal', err, 'postgres://mmp@db.example:5432/mmp');
    expect(said).toContain('NEXTAUTH_SECRET is required');
    expect(said).toContain('openssl rand -hex 32');
    expect(said).not.toMatch(/sslmode|What to do/);
  });

  it('a real SSL refusal still gets the sslmode hint', () => {
    const said = describeFailure('Migration failed', new Error('Failed query: select 1', { cause: new Error('The server does not support SSL connections') }), 'postgres://mmp@db.example/mmp?sslmode=require');
    expect(said).toContain('What to do: Match sslmode in DATABASE_URL');
  });

  it('names the database by its name and address, or the embedded folder', () => {
    expect(databaseLabel({ mode: 'postgres', url: 'postgres://mmp:pw@db.example:6543/mmp_prod' })).toBe('the PostgreSQL database mmp_prod at db.example:6543');
    expect(databaseLabel({ mode: 'postgres', url: 'postgres://postgres@127.0.0.1/' })).toBe('the PostgreSQL database postgres at 127.0.0.1:5432');
    expect(databaseLabel({ mode: 'embedded', dataDir: '/srv/mmp/.data' })).toBe('the embedded database in /srv/mmp/.data');
    expect(databaseLabel({ mode: 'postgres', url: 'postgres://mmp:secret@db.example/mmp' })).not.toContain('secret');
  });

  it('says the demo data was not added because accounts exist, never "skipped" after a seed loaded it', () => {
    expect(demoOutcome('loaded')).toBe('demo data loaded');
    expect(demoOutcome('present')).toBe('demo data not added: the portal already has accounts');
    expect(demoOutcome('not-requested')).not.toContain('skipped');
  });
});
