// The coded catalogue of what can make a plan incomplete. A reviewer returns a plan with one or
// more of these (each with optional detail); all of them go to the owner in one notice, and each
// carries the rule it rests on so the owner can see why it is asked for.
export type DeficiencyDefinition = { code: string; title: string; rule: string };

export const DEFICIENCY_CATALOGUE = [
  { code: 'MISSING_FIELD_MAP', title: 'Map and legal description of the fields where manure is applied', rule: 'Iowa Code 459.312; IAC 567-65.111' },
  { code: 'P_INDEX_MISSING', title: 'Phosphorus index for each field', rule: 'IAC 567-65.111' },
  { code: 'NUTRIENT_SOURCE_MISSING', title: 'Manure nutrient content (sample results or standard values)', rule: 'IAC 567-65.111' },
  { code: 'LAND_AGREEMENT_MISSING', title: 'Written agreement for land the owner neither owns nor rents', rule: 'Iowa Code 459.312; IAC 567-65.111' },
  { code: 'STATEMENT_OF_INTENT_MISSING', title: 'Statement of intent for a field on someone else’s land, with the landowner’s planned commercial fertilizer (DNR form 542-8167)', rule: 'IAC 567-65.111; DNR form 542-8167' },
  { code: 'FIELD_RATE_OVER_LIMIT', title: 'A field’s planned manure rate is above the most it may take (nitrogen for the optimum yield, or the phosphorus index)', rule: 'IAC 567-65.111' },
  { code: 'NITROGEN_FIGURES_MISSING', title: 'Figures needed for a field’s nitrogen limit (optimum yield and its basis, credits, the manure’s available nitrogen)', rule: 'IAC 567-65.111; DNR form 542-4000' },
  { code: 'P2O5_REMOVAL_MISSING', title: 'P2O5 removal of the crop rotation for a field with a medium phosphorus index', rule: 'IAC 567-65.111' },
  { code: 'MANURE_BALANCE_SURPLUS', title: 'Manure produced that the plan’s fields cannot take: more land or another outlet is needed', rule: 'IAC 567-65.111' },
  { code: 'COUNTY_RECEIPT_MISSING', title: 'Proof that each county board received the hard copy (form 542-8046)', rule: 'IAC 567-65.110(3)"b"(1)' },
  { code: 'AU_MISMATCH', title: 'Animal unit capacity does not match the animals listed', rule: 'Iowa Code 459.102; IAC 567-65.110(3)"c"' },
  { code: 'STOCKPILE_DISTANCE', title: 'Dry manure stockpile too close to a tile inlet or designated area', rule: 'Iowa Code 459.311B' },
  { code: 'SIGNATURE_MISSING', title: 'Owner’s signature and certification', rule: 'IAC 567-65.110(1); DNR form 542-4000' },
  { code: 'FEE_UNPAID', title: 'Fee due with the plan has not been paid', rule: 'IAC 567-65.110(3)"c" and (7)' },
  { code: 'OTHER', title: 'Other missing item (described in the detail)', rule: 'IAC 567-65.110(4): only a complete plan is reviewed' },
] as const satisfies readonly DeficiencyDefinition[];

export type DeficiencyCode = (typeof DEFICIENCY_CATALOGUE)[number]['code'];

export const DEFICIENCY_CODES = DEFICIENCY_CATALOGUE.map((d) => d.code) as [DeficiencyCode, ...DeficiencyCode[]];

const BY_CODE = new Map<string, DeficiencyDefinition>(DEFICIENCY_CATALOGUE.map((d) => [d.code, d]));

/** The catalogue entry of a code; an unknown (retired) code is shown by its code. */
export function deficiencyDefinition(code: string): DeficiencyDefinition {
  return BY_CODE.get(code) ?? { code, title: code.replace(/_/g, ' ').toLowerCase(), rule: '' };
}
