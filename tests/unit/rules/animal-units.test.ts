import { describe, it, expect } from 'vitest';
import { ANIMAL_CATEGORIES, animalUnitCapacity, type AnimalCategory } from '@/lib/rules';

const cases: { title: string; head: Partial<Record<AnimalCategory, number>>; au: number }[] = [
  { title: 'Iowa Code 459.102: slaughter or feeder cattle x 1.0 (1,000 head → 1,000 AU)', head: { cattle_slaughter_feeder: 1000 }, au: 1000 },
  { title: 'Iowa Code 459.102: immature dairy cattle x 1.0 (500 head → 500 AU)', head: { dairy_immature: 500 }, au: 500 },
  { title: 'Iowa Code 459.102: mature dairy cattle x 1.4 (357 head → 499.8 AU, no floating noise)', head: { dairy_mature: 357 }, au: 499.8 },
  { title: 'Iowa Code 459.102: butcher or breeding swine over 55 lb x 0.4 (2,480 finishers → 992 AU)', head: { swine_over_55_lb: 2480 }, au: 992 },
  { title: 'Iowa Code 459.102: swine 15 to 55 lb x 0.1 (3,333 head → 333.3 AU)', head: { swine_15_to_55_lb: 3333 }, au: 333.3 },
  { title: 'Iowa Code 459.102: sheep or lambs x 0.1 (70 head → 7 AU)', head: { sheep_lambs: 70 }, au: 7 },
  { title: 'Iowa Code 459.102: goats x 0.1 (unconfirmed; 30 head → 3 AU)', head: { goats: 30 }, au: 3 },
  { title: 'Iowa Code 459.102: horses x 2.0 (12 head → 24 AU)', head: { horses: 12 }, au: 24 },
  { title: 'Iowa Code 459.102: turkeys over 7 lb x 0.018 (unconfirmed; 55,000 → 990 AU)', head: { turkeys_over_7_lb: 55000 }, au: 990 },
  { title: 'Iowa Code 459.102: turkeys 7 lb or less x 0.0085 (unconfirmed; 10,000 → 85 AU)', head: { turkeys_7_lb_or_less: 10000 }, au: 85 },
  { title: 'Iowa Code 459.102: chickens, liquid manure x 0.01 (unconfirmed; 100,000 → 1,000 AU)', head: { chickens_liquid_manure: 100000 }, au: 1000 },
  { title: 'Iowa Code 459.102: chickens, dry manure, over 3 lb x 0.0025 (unconfirmed; 200,000 → 500 AU)', head: { chickens_dry_over_3_lb: 200000 }, au: 500 },
  { title: 'Iowa Code 459.102: chickens, dry manure, 3 lb or less x 0.0014 (unconfirmed; 3 → 0.0042 AU)', head: { chickens_dry_3_lb_or_less: 3 }, au: 0.0042 },
  { title: 'Iowa Code 459.102: categories are summed (1,000 finishers + 1,500 nursery + 10 horses = 570 AU)', head: { swine_over_55_lb: 1000, swine_15_to_55_lb: 1500, horses: 10 }, au: 570 },
  { title: 'Iowa Code 459.102: no animals → 0 AU', head: {}, au: 0 },
];

describe('animalUnitCapacity (Iowa Code 459.102)', () => {
  for (const c of cases) it(c.title, () => expect(animalUnitCapacity(c.head)).toBe(c.au));

  it('Iowa Code 459.102: 0.1 + 0.2 style sums are exact (1 nursery pig + 2 sheep = 0.3 AU)', () => {
    expect(animalUnitCapacity({ swine_15_to_55_lb: 1, sheep_lambs: 2 })).toBe(0.3);
  });
});

describe('ANIMAL_CATEGORIES (for forms)', () => {
  it('lists all 13 categories with label, factor, citation and confirmation', () => {
    expect(ANIMAL_CATEGORIES).toHaveLength(13);
    for (const c of ANIMAL_CATEGORIES) {
      expect(c.label.length).toBeGreaterThan(3);
      expect(c.factor).toBeGreaterThan(0);
      expect(c.citation).toBe('Iowa Code 459.102');
      expect(c.source).toMatch(/459\.102/);
    }
  });
  it('flags goats, the turkey split and chickens as unconfirmed; the rest confirmed', () => {
    const unconfirmed = ANIMAL_CATEGORIES.filter((c) => !c.confirmed).map((c) => c.category).sort();
    expect(unconfirmed).toEqual([
      'chickens_dry_3_lb_or_less', 'chickens_dry_over_3_lb', 'chickens_liquid_manure', 'goats',
      'turkeys_7_lb_or_less', 'turkeys_over_7_lb',
    ]);
  });
  it('each factor is the one animalUnitCapacity uses', () => {
    for (const c of ANIMAL_CATEGORIES) expect(animalUnitCapacity({ [c.category]: 1 })).toBe(c.factor);
  });
});
