import { describe, expect, it } from 'vitest';
import { parseEnv, staffSecondFactorPolicy } from '@/lib/env';

// Department staff must sign in with a second factor on a production server; the embedded demo only
// reminds them (its staff accounts sign in with the README's password), unless told otherwise.
const production = { DATABASE_URL: 'postgres://db.example/mmp', NODE_ENV: 'production', MMP_PUBLIC_URL: 'https://mmp.iowa.example', NEXTAUTH_SECRET: 'x'.repeat(40) };

describe('the staff second-factor policy', () => {
  it('is required on a production server, and a reminder on the embedded demo or a server holding the demo', () => {
    expect(staffSecondFactorPolicy(parseEnv(production))).toBe('required');
    expect(staffSecondFactorPolicy(parseEnv(production), true)).toBe('reminded');
    expect(staffSecondFactorPolicy(parseEnv({}))).toBe('reminded');
    expect(staffSecondFactorPolicy(parseEnv({ DATABASE_URL: 'postgres://db.example/mmp' }))).toBe('reminded');
  });

  it('follows MMP_STAFF_SECOND_FACTOR either way, and refuses any other value at start-up', () => {
    expect(staffSecondFactorPolicy(parseEnv({ MMP_STAFF_SECOND_FACTOR: 'required' }))).toBe('required');
    expect(staffSecondFactorPolicy(parseEnv({ ...production, MMP_STAFF_SECOND_FACTOR: 'required' }), true)).toBe('required');
    expect(staffSecondFactorPolicy(parseEnv({ ...production, MMP_STAFF_SECOND_FACTOR: 'reminded' }))).toBe('reminded');
    expect(() => parseEnv({ MMP_STAFF_SECOND_FACTOR: 'sometimes' })).toThrow(/MMP_STAFF_SECOND_FACTOR/);
  });
});
