// Iowa Code 459.102: animal unit capacity = head at capacity x the category's factor, summed.
import { ANIMAL_CATEGORY_IDS, ANIMAL_CATEGORY_LABELS, isAnimalCategory } from './animal-categories';
import type { AnimalCategory } from './animal-categories';
import { RuleInputError } from './errors';
import { latestParameter } from './parameters';

export type { AnimalCategory } from './animal-categories';

/** Factors are held as integers of millionths of an animal unit so sums carry no floating error. */
const MICRO = 1_000_000;
// Keeps the integer sum below Number.MAX_SAFE_INTEGER for every category at once.
const MAX_HEAD = 100_000_000;

export type AnimalCategoryInfo = {
  category: AnimalCategory;
  label: string;
  factor: number;
  citation: string;
  confirmed: boolean;
  source: string;
  note?: string;
};

/** Categories with label, factor and source, for forms. Iowa Code 459.102. */
export const ANIMAL_CATEGORIES: readonly AnimalCategoryInfo[] = ANIMAL_CATEGORY_IDS.map((category) => {
  const p = latestParameter(`animal_unit_factor.${category}`);
  return {
    category,
    label: ANIMAL_CATEGORY_LABELS[category],
    factor: p.value,
    citation: 'Iowa Code 459.102',
    confirmed: p.confirmed,
    source: p.source,
    ...(p.note ? { note: p.note } : {}),
  };
});

/** A category's factor in millionths of an animal unit (integer). */
export function microFactor(category: AnimalCategory): number {
  return Math.round(latestParameter(`animal_unit_factor.${category}`).value * MICRO);
}

/**
 * Iowa Code 459.102: animal unit capacity, the sum over categories of head at capacity x factor.
 * Exact to a millionth of an animal unit (357 mature dairy cattle is 499.8, not 499.79999999999995).
 */
export function animalUnitCapacity(headAtCapacity: Partial<Record<AnimalCategory, number>>): number {
  if (typeof headAtCapacity !== 'object' || headAtCapacity === null) {
    throw new RuleInputError('headAtCapacity', 'must be an object of head counts by animal category');
  }
  let micro = 0;
  for (const [key, head] of Object.entries(headAtCapacity)) {
    const field = `headAtCapacity.${key}`;
    if (!isAnimalCategory(key)) throw new RuleInputError(field, `is not a known animal category`);
    if (head === undefined) continue;
    if (typeof head !== 'number' || !Number.isFinite(head)) {
      throw new RuleInputError(field, `must be a finite number of head, got ${String(head)}`);
    }
    if (head < 0) throw new RuleInputError(field, `must not be negative, got ${head}`);
    if (!Number.isInteger(head)) throw new RuleInputError(field, `must be a whole number of head, got ${head}`);
    if (head > MAX_HEAD) throw new RuleInputError(field, `must be at most ${MAX_HEAD} head, got ${head}`);
    micro += head * microFactor(key);
  }
  return micro / MICRO;
}

/** An animal unit figure as an integer count of millionths (removes floating noise). */
export function toMicroAnimalUnits(animalUnits: number): number {
  return Math.round(animalUnits * MICRO);
}
