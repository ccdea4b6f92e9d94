// The shapes of the parameter records (lib/rules/parameters.ts): each parameter's key and value type.
import type { AnimalCategory } from './animal-categories';

export type HolidayRule = { name: string } & (
  | { kind: 'fixed'; month: number; day: number }
  | { kind: 'nth_weekday'; month: number; weekday: number; n: number }
  | { kind: 'last_weekday'; month: number; weekday: number }
);
export type HolidayList = { rules: HolidayRule[]; mondayAfterSundayHoliday: boolean };
export type PIndexBandRule = {
  band: 'very_low' | 'low' | 'medium' | 'high' | 'very_high';
  /** Highest P-index in the band (inclusive); null = no upper bound. */
  upTo: number | null;
  manure: 'nitrogen_based' | 'phosphorus_limited' | 'none';
};
export type CropNitrogenFactor = { crop: string; lbNPerYieldUnit: number; yieldUnit: string };
export type IndemnityFeeRate = { description: string; centsPerAnimalUnit: number };
/** Iowa Code 4.1(34): which of its two rules governs each deadline the portal computes. */
export type DeadlineName = 'department_review' | 'new_owner_original_mmp' | 'annual_update' | 'appeal';
export type PeriodKind = 'general' | 'filing';
/** The appeal paragraph of a decision letter: its text and the days allowed, kept by an administrator. */
export type AppealNotice = { days: number; text: string };

export type ParameterValues = { [C in AnimalCategory as `animal_unit_factor.${C}`]: number } & {
  'fee.mmp_filing_cents': number;
  'fee.mmp_filing_with_construction_permit_total_cents': number;
  'fee.annual_compliance_cents_per_animal_unit': number;
  'threshold.safo_max_animal_units': number;
  'date.mmp_constructed_or_expanded_after': string;
  'date.indemnity_exempt_constructed_before': string;
  'days.mmp_review': number;
  'days.new_owner_original_mmp': number;
  'days.design_statement_before_construction': number;
  'distance.stockpile_tile_inlet_ft': number;
  'distance.stockpile_designated_area_ft': number;
  'distance.stockpile_increased_ft': number;
  'percent.stockpile_max_slope': number;
  'distance.open_feedlot_adjacent_less_than_ft': number;
  'date.open_feedlot_adjacency_constructed_on_or_after': string;
  'share.majority_equity_over': number;
  'distance.truck_wash_within_ft': number;
  'holidays.iowa_code_4_1_34': HolidayList;
  'p_index.bands': PIndexBandRule[];
  'p_index.medium_max_times_removal': number;
  'crop.nitrogen_factors': CropNitrogenFactor[];
  'indemnity.fee_schedule': IndemnityFeeRate[];
  'indemnity.fund_suspend_above_cents': number;
  'indemnity.fund_resume_below_cents': number;
  'computing_time.deadline_kinds': Record<DeadlineName, PeriodKind>;
  'reading.approved_plan_in_force': string;
  'appeal.notice': AppealNotice;
};
export type ParameterKey = keyof ParameterValues;

export type ParameterRecord<K extends ParameterKey = ParameterKey> = {
  [P in K]: {
    key: P;
    label: string;
    value: ParameterValues[P];
    unit: string;
    /** First day this value applies (or the earliest day this portal vouches for it; see note). */
    effectiveFrom: string;
    /** The rule, short, as a screen cites it next to the figure, e.g. 'IAC 567-65.110(4)'. */
    citation: string;
    /** Citation and URL of the text the figure comes from. */
    source: string;
    /** False where the figure could not be checked against current statute or rule text. */
    confirmed: boolean;
    note?: string;
  };
}[K];
