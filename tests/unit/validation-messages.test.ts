import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { labelled, PLAIN_WORDS, plainMessage } from '@/lib/validation/messages';
import { claimSchema, operationSchema } from '@/lib/validation/operations';
import { parseOrThrow } from '@/lib/validation/parse';

// What a person reads next to a field when an answer is refused: plain words, one mapping for the
// browser's check and the server's, never the validator's own text.

const operation = {
  name: 'North Site', kind: 'confinement', countyFips: '19167', township: '96N', range: '45W', section: '14', quarterSection: 'NE',
  address911: '3200 Garfield Ave, Rock Valley', constructedOn: '2015-05-01', constructionPermitStatus: 'issued',
  inventory: [{ category: 'swine_over_55_lb', head: '2480' }], storage: [], contractProducer: false, researchCollege: false, safoElect: false,
};

const VALIDATOR_WORDS = /Too big|Too small|Invalid input|expected|Invalid (string|option|email|UUID)/;

function fieldErrors(schema: z.ZodType, input: unknown): Record<string, string[]> {
  try {
    parseOrThrow(schema, input);
  } catch (err) {
    if (err instanceof AppError) return (err.fieldErrors ?? {}) as Record<string, string[]>;
    throw err;
  }
  return {};
}

describe('validation messages in plain words', () => {
  it('a name holding half of a surrogate pair or a NUL is refused at the field, before it reaches the database', () => {
    const message = ['Remove the control character or unreadable character from this answer'];
    expect(fieldErrors(operationSchema, { ...operation, name: 'North \ud800Site' })).toEqual({ name: message });
    expect(fieldErrors(operationSchema, { ...operation, inventory: [{ category: 'swine_over_55_lb', head: '24\u000080' }] })).toEqual({ 'inventory.0.head': message });
    // A whole character outside the basic plane is kept.
    expect(fieldErrors(operationSchema, { ...operation, name: 'North \u{1D54F} Site' })).toEqual({});
  });

  it('a 10,000-character operation name is refused by the server with the field named, not the validator text', () => {
    const errors = fieldErrors(operationSchema, { ...operation, name: 'x'.repeat(10_000) });
    expect(errors).toEqual({ name: ['Operation name must be 160 characters or fewer'] });
  });

  it('the browser check (a parse with the same options the form resolver passes) words it the same', () => {
    const r = operationSchema.safeParse({ ...operation, name: 'x'.repeat(10_000), address911: 'y'.repeat(300) }, PLAIN_WORDS);
    const messages = Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({ name: 'Operation name must be 160 characters or fewer', address911: '911 address must be 200 characters or fewer' });
  });

  it('a message the schema gives itself still wins', () => {
    expect(fieldErrors(operationSchema, { ...operation, name: 'x' })).toEqual({ name: ['Enter the operation’s name'] });
  });

  it('a field with no name gets words that still make sense beside it', () => {
    const schema = z.object({ note: z.string().max(20), count: z.number().max(5), tags: z.array(z.string()).max(2), pick: z.enum(['a', 'b']) });
    const r = schema.safeParse({ note: 'x'.repeat(21), count: 12, tags: ['a', 'b', 'c'], pick: 'z' }, PLAIN_WORDS);
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      'This answer must be 20 characters or fewer',
      'This answer must be 5 or less',
      'This answer can list at most 2',
      'Choose one of the options offered',
    ]);
  });

  it('missing, wrong-kind and badly formed answers say what to do', () => {
    const schema = z.object({
      site: labelled(z.string(), 'Site name'),
      head: z.number(),
      email: z.string().email(),
      id: z.string().uuid(),
      code: labelled(z.string().regex(/^\d+$/), 'Claim code'),
    });
    const r = schema.safeParse({ head: 'lots', email: 'not-an-address', id: 'nope', code: 'abc' }, PLAIN_WORDS);
    const messages = Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      site: 'Enter site name',
      head: 'Enter a number, using digits (for example 2,480)',
      email: 'Enter an email address like name@example.com',
      id: 'That choice is not one the portal offered: reload the page and choose again',
      code: 'Claim code is not in the form the portal expects',
    });
  });

  it('large limits are written with separators, and an exclusive bound is said as it is', () => {
    expect(plainMessage({ code: 'too_big', origin: 'number', maximum: 2_000_000, inclusive: false, input: 3_000_000 } as never)).toBe('This answer must be less than 2,000,000');
    expect(plainMessage({ code: 'too_small', origin: 'array', minimum: 1, inclusive: true, input: [] } as never)).toBe('This answer must list at least 1');
  });

  it('no refusal of an over-long answer anywhere in the operation and claim forms shows the validator text', () => {
    const long = 'z'.repeat(10_000);
    const operationErrors = fieldErrors(operationSchema, { ...operation, name: long, address911: long, storage: [{ name: long, kind: 'formed' }] });
    const claimErrors = fieldErrors(claimSchema, { facilityId: long, countyFips: '19167', acquiredOn: '2020-01-01' });
    const all = [...Object.values(operationErrors), ...Object.values(claimErrors)].flat();
    expect(all.length).toBeGreaterThanOrEqual(4);
    for (const message of all) expect(message).not.toMatch(VALIDATOR_WORDS);
    expect(operationErrors['storage.0.name']).toEqual(['Structure name must be 120 characters or fewer']);
    expect(claimErrors.facilityId?.[0]).toBe('Facility ID must be 20 characters or fewer');
  });
});
