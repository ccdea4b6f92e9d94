// Animal unit factors, Iowa Code 459.102. Confirmation status per the project's domain-facts sheet.
import type { AnimalCategory } from './animal-categories';
import { ANIMAL_CATEGORY_LABELS } from './animal-categories';
import type { ParameterRecord } from './parameter-types';

const CODE_459_102 = 'Iowa Code 459.102 (definition of "animal unit"), https://www.legis.iowa.gov/docs/code/459.102.pdf';
const FORM_542_0020 = 'Iowa DNR form 542-0020 (animal unit conversion table)';
const VOUCHED_FROM = '2003-01-01';
const VOUCHED_NOTE = 'effectiveFrom is Code 2003, when chapter 459 took its present form; earlier history not recorded here.';

type FactorRow = [AnimalCategory, number, boolean, string?];

const ROWS: FactorRow[] = [
  ['cattle_slaughter_feeder', 1.0, true],
  ['dairy_immature', 1.0, true, 'DNR: 500 AU = 500 beef or immature dairy cattle.'],
  ['dairy_mature', 1.4, true],
  ['swine_over_55_lb', 0.4, true],
  ['swine_15_to_55_lb', 0.1, true],
  ['sheep_lambs', 0.1, true],
  ['goats', 0.1, false, 'Unconfirmed against current statute text.'],
  ['horses', 2.0, true],
  ['turkeys_over_7_lb', 0.018, false, 'Unconfirmed split; the 1997 text (Code 204.1) used 0.018 for all turkeys.'],
  ['turkeys_7_lb_or_less', 0.0085, false, 'Unconfirmed split; the 1997 text (Code 204.1) used 0.018 for all turkeys.'],
  ['chickens_liquid_manure', 0.01, false, 'Unconfirmed in current text; the 1997 text used 0.01 for broilers and layers.'],
  ['chickens_dry_over_3_lb', 0.0025, false, 'Unconfirmed against current statute text.'],
  ['chickens_dry_3_lb_or_less', 0.0014, false, 'Unconfirmed against current statute text.'],
];

export const ANIMAL_UNIT_FACTOR_RECORDS: ParameterRecord[] = ROWS.map(
  ([category, factor, confirmed, note]) =>
    ({
      key: `animal_unit_factor.${category}`,
      label: `Animal units per head: ${ANIMAL_CATEGORY_LABELS[category]}`,
      value: factor,
      unit: 'animal units per head',
      effectiveFrom: VOUCHED_FROM,
      citation: 'Iowa Code 459.102',
      source: confirmed ? CODE_459_102 : `${CODE_459_102}; ${FORM_542_0020}`,
      confirmed,
      note: note ? `${note} ${VOUCHED_NOTE}` : VOUCHED_NOTE,
    }) as ParameterRecord,
);
