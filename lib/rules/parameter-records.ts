// The recorded values of every parameter (see parameters.ts for the types and look-ups).
// effectiveFrom is the first day the portal vouches for a figure; where the figure's own start date
// is unknown the note says so. Add a new record (do not edit an old one) when a figure changes.
import type { ParameterKey, ParameterRecord } from './parameter-types';
import { ANIMAL_UNIT_FACTOR_RECORDS } from './animal-unit-factor-records';

const IAC_65_110 = 'Iowa Admin. Code r. 567-65.110, https://www.legis.iowa.gov/docs/iac/rule/567.65.110.pdf';
const IAC_65_110_FROM = '2016-12-14';
const IAC_NOTE = 'Text as amended effective 2016-12-14 and readopted effective 2024-06-19; earlier history not recorded here.';
const CODE_459_311B = 'Iowa Code 459.311B, https://www.legis.iowa.gov/docs/code/459.311B.pdf';
const CODE_459A_103 = 'Iowa Code 459A.103, https://www.legis.iowa.gov/docs/code/459A.103.pdf';
const CODE_4_1 = 'Iowa Code 4.1(34), https://www.legis.iowa.gov/docs/code/4.1.pdf';
const IAC_65_111 = 'Iowa Admin. Code r. 567-65.111, https://www.legis.iowa.gov/docs/iac/rule/567.65.111.pdf';
const CODE_459_503 = 'Iowa Code 459.503 and 459.503A, https://www.legis.iowa.gov/docs/code/459.503.pdf';

function rec<K extends ParameterKey>(r: ParameterRecord<K>): ParameterRecord {
  return r as ParameterRecord;
}

const iac = { effectiveFrom: IAC_65_110_FROM, confirmed: true, note: IAC_NOTE } as const;

export const PARAMETER_RECORDS: ParameterRecord[] = [
  ...ANIMAL_UNIT_FACTOR_RECORDS,
  rec({ key: 'fee.mmp_filing_cents', citation: 'IAC 567-65.110(7)', label: 'MMP filing fee (original MMP)', value: 25000, unit: 'cents',
    source: `${IAC_65_110}, subrule (7)`, ...iac }),
  rec({ key: 'fee.mmp_filing_with_construction_permit_total_cents', citation: 'IAC 567-65.110(7)',
    label: 'MMP filing fee plus construction permit application fee, total', value: 50000, unit: 'cents',
    source: `${IAC_65_110}, subrule (7)`, ...iac }),
  rec({ key: 'fee.annual_compliance_cents_per_animal_unit', citation: 'IAC 567-65.110(3)"c"', label: 'Annual compliance fee per animal unit',
    value: 15, unit: 'cents per animal unit', source: `${IAC_65_110}, subrule (3)"c"`, ...iac }),
  rec({ key: 'threshold.safo_max_animal_units', citation: 'IAC 567-65.110(1)"e"(2)', label: 'Small animal feeding operation: at most',
    value: 500, unit: 'animal units', source: `${IAC_65_110}, paragraph (1)"e"(2); Iowa Code 459.102`, ...iac }),
  rec({ key: 'date.mmp_constructed_or_expanded_after', citation: 'IAC 567-65.110(1)"b"(1)', label: 'MMP required if constructed or expanded after',
    value: '1985-05-31', unit: 'date', source: `${IAC_65_110}, subparagraph (1)"b"(1)`, ...iac }),
  rec({ key: 'date.indemnity_exempt_constructed_before', citation: 'IAC 567-65.110(6)',
    label: 'Indemnity fee exemption: constructed before (without a construction permit)', value: '1995-05-31',
    unit: 'date', source: `${IAC_65_110}, subrule (6)`, ...iac }),
  rec({ key: 'days.mmp_review', citation: 'IAC 567-65.110(4)', label: 'Department review of a complete MMP', value: 60, unit: 'calendar days',
    source: `${IAC_65_110}, subrule (4)`, ...iac }),
  rec({ key: 'days.new_owner_original_mmp', citation: 'IAC 567-65.110(1)"d"', label: 'New owner: original MMP due after acquiring', value: 60,
    unit: 'calendar days', source: `${IAC_65_110}, paragraph (1)"d"`, ...iac }),
  rec({ key: 'days.design_statement_before_construction', citation: 'IAC 567-65.110(2)',
    label: 'Construction design statement: at least this long before construction begins', value: 30,
    unit: 'calendar days', source: `${IAC_65_110}, subrule (2)`, ...iac }),
  rec({ key: 'distance.stockpile_tile_inlet_ft', citation: 'Iowa Code 459.311B(1)"a"', label: 'Dry manure stockpile: terrace or surface tile inlet',
    value: 200, unit: 'feet', effectiveFrom: '2009-07-01', source: `${CODE_459_311B}, subsection 1"a"`,
    confirmed: true, note: '2009 Acts, ch 38; July 1 assumed as its effective date.' }),
  rec({ key: 'distance.stockpile_designated_area_ft', citation: 'Iowa Code 459.311B(1)"b"', label: 'Dry manure stockpile: designated area', value: 400,
    unit: 'feet', effectiveFrom: '2009-07-01', source: `${CODE_459_311B}, subsection 1"b"(1)`, confirmed: true,
    note: '2009 Acts, ch 38; July 1 assumed as its effective date.' }),
  rec({ key: 'distance.stockpile_increased_ft', citation: 'Iowa Code 459.311B(1)"b"',
    label: 'Dry manure stockpile: high-quality water resource, agricultural drainage well, known sinkhole',
    value: 800, unit: 'feet', effectiveFrom: '2009-07-01', source: `${CODE_459_311B}, subsection 1"b"(1)(a)-(c)`,
    confirmed: true, note: '2009 Acts, ch 38; July 1 assumed as its effective date.' }),
  rec({ key: 'percent.stockpile_max_slope', citation: 'Iowa Code 459.311B(3)', label: 'Dry manure stockpile: steepest slope allowed', value: 3,
    unit: 'percent', effectiveFrom: '2009-07-01', source: `${CODE_459_311B}, subsection 3`, confirmed: true,
    note: '2009 Acts, ch 38; July 1 assumed as its effective date.' }),
  rec({ key: 'distance.open_feedlot_adjacent_less_than_ft', citation: 'Iowa Code 459A.103(1)', label: 'Open feedlots adjacent: structures less than',
    value: 1250, unit: 'feet', effectiveFrom: '2005-07-01', source: `${CODE_459A_103}, subsection 1"b"(2)`,
    confirmed: true, note: 'Chapter 459A, 2005 Acts, ch 136; earlier history not recorded here.' }),
  rec({ key: 'date.open_feedlot_adjacency_constructed_on_or_after', citation: 'Iowa Code 459A.103(1)',
    label: 'Open feedlots adjacent: a structure constructed on or after', value: '2002-07-17', unit: 'date',
    effectiveFrom: '2005-07-01', source: `${CODE_459A_103}, subsection 1"b"(1)`, confirmed: true }),
  rec({ key: 'share.majority_equity_over', citation: 'Iowa Code 459A.103(1)', label: 'Majority equity interest: more than', value: 0.5,
    unit: 'share (0-1)', effectiveFrom: '2005-07-01', source: `${CODE_459A_103}, subsection 1"c"(1)(c)`,
    confirmed: true, note: '"Majority" read as strictly more than half.' }),
  rec({ key: 'distance.truck_wash_within_ft', citation: 'Iowa Code 459A.103(4)', label: 'Truck wash part of the operation: within', value: 1250,
    unit: 'feet', effectiveFrom: '2015-07-01', source: `${CODE_459A_103}, subsection 4`, confirmed: true,
    note: 'Truck wash provisions added by 2015 Acts, ch 92; July 1 assumed as the effective date.' }),
  rec({ key: 'holidays.iowa_code_4_1_34', citation: 'Iowa Code 4.1(34)', label: 'Holidays that extend a deadline', unit: 'holiday rules',
    effectiveFrom: '0001-01-01', source: CODE_4_1, confirmed: false,
    note: 'List as read from today\'s 4.1(34); unconfirmed. Applied to every year the portal accepts a date in, ' +
      'so a deadline from an old record is still computed; the list\'s own history (when each holiday was added) is not recorded here.',
    value: {
      mondayAfterSundayHoliday: true,
      rules: [
        { name: "New Year's Day", kind: 'fixed', month: 1, day: 1 },
        { name: 'Martin Luther King Jr. Day', kind: 'nth_weekday', month: 1, weekday: 1, n: 3 },
        { name: "Lincoln's Birthday", kind: 'fixed', month: 2, day: 12 },
        { name: "Washington's Birthday", kind: 'nth_weekday', month: 2, weekday: 1, n: 3 },
        { name: 'Memorial Day', kind: 'last_weekday', month: 5, weekday: 1 },
        { name: 'Independence Day', kind: 'fixed', month: 7, day: 4 },
        { name: 'Labor Day', kind: 'nth_weekday', month: 9, weekday: 1, n: 1 },
        { name: 'Veterans Day', kind: 'fixed', month: 11, day: 11 },
        { name: 'Thanksgiving Day', kind: 'nth_weekday', month: 11, weekday: 4, n: 4 },
        { name: 'Christmas Day', kind: 'fixed', month: 12, day: 25 },
      ],
    } }),
  rec({ key: 'p_index.bands', citation: 'IAC 567-65.111', label: 'Phosphorus index bands', unit: 'P-index', effectiveFrom: '2024-06-19',
    source: `${IAC_65_111}; Iowa DNR and ISU extension P-index guidance`, confirmed: false,
    note: 'Unconfirmed against the current rule text. Upper bounds are inclusive.',
    value: [
      { band: 'very_low', upTo: 1, manure: 'nitrogen_based' },
      { band: 'low', upTo: 2, manure: 'nitrogen_based' },
      { band: 'medium', upTo: 5, manure: 'phosphorus_limited' },
      { band: 'high', upTo: 15, manure: 'none' },
      { band: 'very_high', upTo: null, manure: 'none' },
    ] }),
  rec({ key: 'p_index.medium_max_times_removal', citation: 'IAC 567-65.111', label: 'Phosphorus a medium P-index field may receive, as a multiple of crop removal',
    value: 2, unit: 'times the P2O5 removed by harvest', effectiveFrom: '2024-06-19',
    source: `${IAC_65_111}; Iowa DNR and ISU extension P-index guidance`, confirmed: false,
    note: 'Unconfirmed against the current rule text: "medium (>2-5) with phosphorus no more than twice crop removal".' }),
  rec({ key: 'crop.nitrogen_factors', citation: 'IAC 567-65.111', label: 'Crop nitrogen usage rate factors', unit: 'lb N per yield unit',
    effectiveFrom: '2024-06-19', source: `${IAC_65_111} (crop nitrogen usage rate factors)`, confirmed: false,
    note: 'Unconfirmed: not in the reference texts held by this project. Corn grain 1.2 lb N/bu is the figure ' +
      'commonly used by the yield-goal method; staff to check and add the other crops from the rule.',
    value: [{ crop: 'corn_grain', lbNPerYieldUnit: 1.2, yieldUnit: 'bu' }] }),
  rec({ key: 'indemnity.fee_schedule', citation: 'Iowa Code 459.503', label: 'Manure storage indemnity fee schedule', unit: 'cents per animal unit',
    effectiveFrom: '2003-01-01', source: CODE_459_503, confirmed: false,
    note: 'Unconfirmed: schedule to be entered by staff from Iowa Code 459.503.', value: [] }),
  rec({ key: 'indemnity.fund_suspend_above_cents', citation: 'Iowa Code 459.503A', label: 'Indemnity fee collection suspended while fund exceeds',
    value: 300_000_000, unit: 'cents', effectiveFrom: '2003-01-01', source: CODE_459_503, confirmed: true,
    note: 'Iowa Code 459.503A; earlier history not recorded here.' }),
  rec({ key: 'indemnity.fund_resume_below_cents', citation: 'Iowa Code 459.503A', label: 'Indemnity fee collection resumes when fund falls below',
    value: 200_000_000, unit: 'cents', effectiveFrom: '2003-01-01', source: CODE_459_503, confirmed: true,
    note: 'Iowa Code 459.503A; earlier history not recorded here.' }),
  rec({ key: 'computing_time.deadline_kinds', citation: 'Iowa Code 4.1(34)',
    label: 'Which rule of Iowa Code 4.1(34) governs each deadline', unit: 'rule per deadline',
    effectiveFrom: '0001-01-01', source: CODE_4_1, confirmed: false,
    note: 'Reading used, to be confirmed by the department: the department\'s 60-day review is a general period ' +
      '(a last day on a Sunday moves to Monday, nothing else moves it); the new owner\'s original MMP, annual update ' +
      'due dates and an appeal are filings (a last day on a Saturday, Sunday or holiday moves to the next day that is none of these).',
    value: { department_review: 'general', new_owner_original_mmp: 'filing', annual_update: 'filing', appeal: 'filing' } }),
  rec({ key: 'reading.approved_plan_in_force', citation: 'IAC 567-65.110(5)',
    label: 'When an approved plan is in force (manure removal)', unit: 'reading', effectiveFrom: IAC_65_110_FROM,
    source: `${IAC_65_110}, subrule (5)`, confirmed: false,
    note: 'Reading used, to be confirmed by the department.',
    value: 'An approved manure management plan stays in force until a later one is approved. Disapproving an annual update ' +
      'leaves the operation out of compliance with IAC 567-65.110(3)"b" but does not withdraw the earlier approval.' }),
  rec({ key: 'appeal.notice', citation: 'Iowa Code chapter 17A; 567 IAC chapter 7',
    label: 'Appeal paragraph of a decision letter', unit: 'text and calendar days', effectiveFrom: '2003-01-01',
    source: 'Iowa Code chapter 17A (contested cases), https://www.legis.iowa.gov/docs/code/17A.pdf; 567 IAC chapter 7 (rules of practice in contested cases)',
    confirmed: false,
    note: 'Unconfirmed: the department sets the text and the deadline. {deadline} in the text is replaced by the last day to appeal, ' +
      'counted from the date of the decision and extended by the filing rule of Iowa Code 4.1(34).',
    value: {
      days: 30,
      text: 'If you disagree with this decision, you may contest it as a contested case under Iowa Code chapter 17A. ' +
        'File a written notice of appeal with the director of the Iowa Department of Natural Resources by {deadline}, ' +
        'saying which decision you appeal and why (567 IAC chapter 7).',
    } }),
];
