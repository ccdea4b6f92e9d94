// The document's words, once: each part's label (typed against the document, so a field added to a
// step's schema without a label does not compile) and the phosphorus index and manure words that
// the owner's form, the filed plan, the reviewer's figures and the letter all use.
import { phosphorusIndexBand, type PIndexBandRule } from '@/lib/rules';
import type { Agreement, Contact, FieldRow, Production, StockpileRow } from './types';

export { METHOD_LABELS, TENURE_LABELS, TIMING_LABELS } from '@/lib/validation/plan-fields';
export { DISTANCE_LABELS, STOCKPILE_DISTANCES } from '@/lib/validation/plan-stockpiles';
export { NUTRIENT_SOURCE_LABELS, NUTRIENT_UNIT_LABELS } from '@/lib/validation/plans';

export const CONTACT_LABELS: Record<keyof Contact, string> = { name: 'name', role: 'role', phone: 'phone', email: 'email' };

export const PRODUCTION_LABELS: Record<keyof Production, string> = {
  annualAnimalProduction: 'animals produced a year',
  nutrientUnit: 'unit',
  manureAmount: 'manure produced a year',
  manureAmountBasis: 'how the amount was worked out',
  nutrientSource: 'nutrient content source',
  totalNitrogenPerUnit: 'total nitrogen (lb per unit)',
  availableNitrogenPerUnit: 'first-year available nitrogen (lb per unit)',
  p2o5PerUnit: 'phosphate, P2O5 (lb per unit)',
};

export const FIELD_LABELS: Record<Exclude<keyof FieldRow, 'key'>, string> = {
  name: 'name',
  countyFips: 'county',
  acres: 'acres',
  tenure: 'land held',
  crops: 'crop schedule',
  optimumYield: 'optimum yield',
  nitrogenRateLbPerAcre: 'nitrogen rate (lb/acre)',
  legumeCreditLbPerAcre: 'legume nitrogen credit (lb/acre)',
  commercialNLbPerAcre: 'commercial nitrogen (lb/acre)',
  carryoverCreditLbPerAcre: 'manure nitrogen carry-over credit (lb/acre)',
  phosphorusIndex: 'phosphorus index',
  previousCrop: 'previous crop',
  previousCropManured: 'previous crop got manure',
  yieldSource: 'optimum yield from',
  yieldBasis: 'yield records',
  p2o5RemovalLbPerAcre: 'P2O5 removed by the rotation (lb/acre)',
  yearsBetweenApplications: 'years between manure applications',
  applicationMethod: 'application method',
  applicationTiming: 'application timing',
};

export const AGREEMENT_LABELS: Record<Exclude<keyof Agreement, 'key'>, string> = {
  fieldKey: 'field',
  landownerName: 'landowner',
  acres: 'acres',
  signedOn: 'signed on',
  attachmentId: 'signed copy',
  commercialNLbPerAcre: 'landowner’s commercial nitrogen (lb/acre)',
  commercialP2o5LbPerAcre: 'landowner’s commercial phosphate (lb/acre)',
  statementId: 'landowner’s emailed confirmation',
};

export const STOCKPILE_LABELS: Record<Exclude<keyof StockpileRow, 'key'>, string> = {
  name: 'name',
  distances: 'distances',
  tileInletDischargesToWater: 'a nearby tile inlet drains to a water of the state',
  runoffCannotReachTileInlet: 'runoff cannot reach a tile inlet',
  runoffCannotReachDesignatedArea: 'runoff cannot reach a designated area',
  inGrassedWaterway: 'in a grassed waterway',
  slopePercent: 'slope (%)',
  runoffContainmentPractices: 'runoff contained by practices',
  practicesDescription: 'practices',
};

export const BAND_WORDS: Record<PIndexBandRule['band'], string> = { very_low: 'very low', low: 'low', medium: 'medium', high: 'high', very_high: 'very high' };
export const MANURE_WORDS: Record<PIndexBandRule['manure'], string> = {
  nitrogen_based: 'nitrogen-based rates allowed',
  phosphorus_limited: 'phosphorus-limited: no more than twice crop removal',
  none: 'no manure may be applied',
};

/** "high: phosphorus-limited: no more than twice crop removal (IAC 567-65.111)". */
export function pIndexWords(p: number): string {
  const band = phosphorusIndexBand(p);
  return `${BAND_WORDS[band.band]}: ${MANURE_WORDS[band.manure]} (${band.citation})`;
}
