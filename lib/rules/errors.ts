/**
 * Bad input to a rule function. The message always starts with the name of the offending field so
 * a form can put it next to the right input, e.g. `headAtCapacity.dairy_mature must be ...`.
 */
export class RuleInputError extends Error {
  readonly field: string;

  constructor(field: string, problem: string) {
    super(`${field} ${problem}`);
    this.name = 'RuleInputError';
    this.field = field;
  }
}

/** A finite number that is zero or more; throws RuleInputError naming `field` otherwise. */
export function requireNonNegative(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new RuleInputError(field, `must be a finite number, got ${String(value)}`);
  }
  if (value < 0) throw new RuleInputError(field, `must not be negative, got ${value}`);
  return value;
}

/** A boolean; throws RuleInputError naming `field` otherwise. */
export function requireBoolean(value: unknown, field: string): boolean {
  if (typeof value !== 'boolean') {
    throw new RuleInputError(field, `must be true or false, got ${String(value)}`);
  }
  return value;
}

/** A boolean or undefined; throws RuleInputError naming `field` otherwise. */
export function optionalBoolean(value: unknown, field: string): boolean | undefined {
  return value === undefined ? undefined : requireBoolean(value, field);
}

/** One of the allowed string values; throws RuleInputError naming `field` otherwise. */
export function requireOneOf<T extends string>(value: unknown, allowed: readonly T[], field: string): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new RuleInputError(field, `must be one of ${allowed.join(', ')}, got ${String(value)}`);
  }
  return value as T;
}
