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
  previous: SafoState | null;
  today: string;
}): SafoState & { endedNow: boolean } {
  const { elect, animalUnits, peakHoused, previous, today } = input;
  const rule = safoFor(animalUnits, peakHoused);
  const inForce = Boolean(previous?.safoElectedOn) && !previous?.safoEndedOn;
  const kept = previous ?? { safoElectedOn: null, safoEndedOn: null, safoEndReason: null };

  if (inForce) {
    if (!rule.eligible || rule.terminated) {
      return { ...kept, safoEndedOn: today, safoEndReason: rule.reason, endedNow: true };
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
