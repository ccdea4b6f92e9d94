// Every amount, factor, distance, day count and date threshold the rules use, as effective-dated
// records with their source, so staff can correct a figure and the UI can show "unconfirmed".
import { RuleInputError } from './errors';
import { requireIsoDate } from './dates';
import { PARAMETER_RECORDS } from './parameter-records';

export type { HolidayRule, HolidayList, PIndexBandRule, CropNitrogenFactor, IndemnityFeeRate, DeadlineName, PeriodKind, AppealNotice, ParameterValues, ParameterKey, ParameterRecord } from './parameter-types';
import type { ParameterKey, ParameterRecord, ParameterValues } from './parameter-types';

/** All parameter records, every version. Iowa Code ch. 459, 459A, 4.1(34); IAC 567-65.110, 65.111. */
export const parameters: readonly ParameterRecord[] = PARAMETER_RECORDS;

function versionsOf<K extends ParameterKey>(key: K): ParameterRecord<K>[] {
  const found = parameters.filter((p) => p.key === key) as ParameterRecord<K>[];
  if (found.length === 0) throw new RuleInputError('key', `is not a known parameter: ${String(key)}`);
  return [...found].sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? -1 : 1));
}

/**
 * The version of a parameter in force on `onDate` (the latest with effectiveFrom on or before it).
 * Throws RuleInputError when no version was in force yet. Source: the record's own `source`.
 */
export function parameterOn<K extends ParameterKey>(key: K, onDate: string): ParameterRecord<K> {
  requireIsoDate(onDate, 'onDate');
  const inForce = versionsOf(key).filter((p) => p.effectiveFrom <= onDate);
  const last = inForce[inForce.length - 1];
  if (!last) throw new RuleInputError('onDate', `is before any recorded value of ${key} (${onDate})`);
  return last;
}

/**
 * The most recent version of a parameter. Rule functions without a date argument use this (the
 * library has no clock); to evaluate an earlier date, use parameterOn.
 */
export function latestParameter<K extends ParameterKey>(key: K): ParameterRecord<K> {
  const all = versionsOf(key);
  return all[all.length - 1] as ParameterRecord<K>;
}

/** Shorthand for latestParameter(key).value. */
export function parameterValue<K extends ParameterKey>(key: K): ParameterValues[K] {
  return latestParameter(key).value;
}
