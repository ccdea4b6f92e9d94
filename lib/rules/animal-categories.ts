// The animal categories of Iowa Code 459.102 ("animal unit"), as used by forms and the factor table.

export const ANIMAL_CATEGORY_IDS = [
  'cattle_slaughter_feeder',
  'dairy_immature',
  'dairy_mature',
  'swine_over_55_lb',
  'swine_15_to_55_lb',
  'sheep_lambs',
  'goats',
  'horses',
  'turkeys_over_7_lb',
  'turkeys_7_lb_or_less',
  'chickens_liquid_manure',
  'chickens_dry_over_3_lb',
  'chickens_dry_3_lb_or_less',
] as const;

export type AnimalCategory = (typeof ANIMAL_CATEGORY_IDS)[number];

export const ANIMAL_CATEGORY_LABELS: Record<AnimalCategory, string> = {
  cattle_slaughter_feeder: 'Slaughter or feeder cattle',
  dairy_immature: 'Immature dairy cattle',
  dairy_mature: 'Mature dairy cattle',
  swine_over_55_lb: 'Butcher or breeding swine over 55 lb',
  swine_15_to_55_lb: 'Swine 15 to 55 lb',
  sheep_lambs: 'Sheep or lambs',
  goats: 'Goats',
  horses: 'Horses',
  turkeys_over_7_lb: 'Turkeys over 7 lb',
  turkeys_7_lb_or_less: 'Turkeys 7 lb or less',
  chickens_liquid_manure: 'Chickens, liquid manure system',
  chickens_dry_over_3_lb: 'Chickens, dry manure system, over 3 lb',
  chickens_dry_3_lb_or_less: 'Chickens, dry manure system, 3 lb or less',
};

export function isAnimalCategory(value: string): value is AnimalCategory {
  return (ANIMAL_CATEGORY_IDS as readonly string[]).includes(value);
}
