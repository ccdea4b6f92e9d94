import { AppError } from '@/lib/errors';
import { safoFor } from './facts';

type SafoState = { safoElectedOn: string | null; safoEndedOn: string | null; safoEndReason: string | null };

/**
 * IAC 567-65.110(1)"e"(2): an operation of 500 AU or fewer may elect SAFO treatment for updates and
 * fees; the election ends automatically once more than 500 AU are housed at one time (or the
 * capacity rises above 500). A new election is refused where it is not available.
 */
export function nextSafoState(input: {
  elect: boolean;
  animalUnits: number;
  peakHoused?: number | null;
  /** The day that many were housed; without it the excess is dated the day it is recorded. */
  peakHousedOn?: string | null;
  previous: SafoState | null;
  today: string;
}): SafoState & { endedNow: boolean } {
  const { elect, animalUnits, peakHoused, peakHousedOn, previous, today } = input;
  if (peakHousedOn && peakHousedOn > today) {
    throw new AppError('VALIDATION', 'The day the animals were housed cannot be after today.', { peakHousedOn: ['The day cannot be after today'] });
  }
  const rule = safoFor(animalUnits, peakHoused);
  const inForce = Boolean(previous?.safoElectedOn) && !previous?.safoEndedOn;
  const kept = previous ?? { safoElectedOn: null, safoEndedOn: null, safoEndReason: null };

  if (inForce) {
    if (!rule.eligible || rule.terminated) {
      return { ...kept, safoEndedOn: rule.eligible ? excessDay(peakHousedOn, kept.safoElectedOn, today) : today, safoEndReason: rule.reason, endedNow: true };
    }
    if (!elect) return { ...kept, safoEndedOn: today, safoEndReason: 'The owner withdrew the SAFO election.', endedNow: true };
    return { ...kept, endedNow: false };
  }
  if (!elect) return { ...kept, endedNow: false };
  if (!rule.eligible || rule.terminated) {
    const message = `SAFO treatment is not available: ${rule.reason} (${rule.citation})`;
    throw new AppError('VALIDATION', message, { safoElect: [message] });
  }
  return { safoElectedOn: today, safoEndedOn: null, safoEndReason: null, endedNow: false };
}

/**
 * IAC 567-65.110(1)"e"(2): the election ends when more than the limit is housed at one time, so on
 * the day that happened (never before the election itself), or the day it is recorded when that day
 * is not given.
 */
export function excessDay(peakHousedOn: string | null | undefined, electedOn: string | null, today: string): string {
  if (!peakHousedOn || peakHousedOn > today) return today;
  return electedOn && peakHousedOn < electedOn ? electedOn : peakHousedOn;
}
