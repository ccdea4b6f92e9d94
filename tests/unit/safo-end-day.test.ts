import { describe, expect, it } from 'vitest';
import { excessDay, nextSafoState } from '@/lib/operations/safo';
import { AppError } from '@/lib/errors';

// IAC 567-65.110(1)"e"(2): a SAFO election ends when more than 500 animal units are housed at one
// time, so on the day that happened, not the day the owner records it.
const elected = { safoElectedOn: '2026-03-01', safoEndedOn: null, safoEndReason: null };

describe('the day a SAFO election ends', () => {
  it('is the day the excess was housed, when the owner gives it', () => {
    const s = nextSafoState({ elect: true, animalUnits: 480, peakHoused: 520, peakHousedOn: '2026-08-14', previous: elected, today: '2026-11-02' });
    expect(s).toMatchObject({ safoEndedOn: '2026-08-14', endedNow: true });
    expect(s.safoEndReason).toContain('520 animal units were housed at one time');
  });

  it('is the day it is recorded when no day is given, and never before the election', () => {
    expect(nextSafoState({ elect: true, animalUnits: 480, peakHoused: 520, previous: elected, today: '2026-11-02' }).safoEndedOn).toBe('2026-11-02');
    expect(excessDay('2026-01-10', '2026-03-01', '2026-11-02')).toBe('2026-03-01');
    expect(excessDay(null, '2026-03-01', '2026-11-02')).toBe('2026-11-02');
  });

  it('a capacity raised above the limit ends it the day the change is saved', () => {
    expect(nextSafoState({ elect: true, animalUnits: 620, peakHoused: 520, peakHousedOn: '2026-08-14', previous: elected, today: '2026-11-02' }).safoEndedOn).toBe('2026-11-02');
  });

  it('refuses a day after today, by its field', () => {
    let err: unknown;
    try {
      nextSafoState({ elect: true, animalUnits: 480, peakHoused: 520, peakHousedOn: '2026-12-01', previous: elected, today: '2026-11-02' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).fieldErrors).toMatchObject({ peakHousedOn: [expect.stringContaining('after today')] });
  });
});
