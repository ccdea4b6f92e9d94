import { describe, expect, it } from 'vitest';
import { animalCategory } from '@/db/schema/enums';
import { ANIMAL_CATEGORY_IDS, type AnimalCategory } from '@/lib/rules';

// The database layer imports nothing from lib: where it stores a catalogue the law defines in
// lib/rules, it writes the list again, and this test keeps the two one list.
type Stored = (typeof animalCategory.enumValues)[number];
const storedIsLaw: AnimalCategory[] = [] as Stored[];
const lawIsStored: Stored[] = [] as AnimalCategory[];

describe('catalogues the database stores', () => {
  it('the animal categories of Iowa Code 459.102 are stored as lib/rules lists them, in order', () => {
    expect([...animalCategory.enumValues]).toEqual([...ANIMAL_CATEGORY_IDS]);
    expect(storedIsLaw).toEqual(lawIsStored);
  });
});
