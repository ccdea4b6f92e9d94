// lib/rules: the law as code. Pure functions (no database, clock or I/O); see README.md for the
// citation of each export and the interpretation chosen where the text can be read two ways.
export { RuleInputError } from './errors';
export { addDays, daysBetween, isIsoDate, dayOfWeek } from './dates';
export type { Cited } from './cite';

export type {
  ParameterKey, ParameterRecord, ParameterValues, HolidayRule, HolidayList, PIndexBandRule,
  CropNitrogenFactor, IndemnityFeeRate, DeadlineName, PeriodKind, AppealNotice,
} from './parameters';
export { parameters, parameterOn, latestParameter, parameterValue } from './parameters';

export type { AnimalCategory } from './animal-categories';
export { ANIMAL_CATEGORY_IDS, isAnimalCategory } from './animal-categories';
export type { AnimalCategoryInfo } from './animal-units';
export { ANIMAL_CATEGORIES, animalUnitCapacity } from './animal-units';

export type { MmpFacts, MmpRequirement } from './mmp-requirement';
export { mmpRequirement, isSmallAnimalFeedingOperation } from './mmp-requirement';
export type { FilingDuty } from './who-must-file';
export { whoMustFile } from './who-must-file';
export type { SafoElection } from './safo';
export { safoElection } from './safo';

export type { FeeLine } from './fees';
export { filingFees, annualComplianceFee } from './fees';

export type { NewOwnerRemovalFacts, ManureRemovalResult } from './clocks';
export {
  reviewDeadline, newOwnerOriginalMmpDue, latestDesignStatementFiling, earliestConstructionStart, appealLastDay,
  periodEnd, effectiveDeadline, deadlineKind, deadlineKindReading, manureRemoval,
} from './clocks';
export { iowaStateHolidays } from './holidays';

export { manureNitrogenRate, remainingNitrogenNeed, phosphorusIndexBand, phosphorusLimitedRate, fieldManureLimit, manureBalance } from './field-rates';

export type { StockpileSite, StockpileViolation } from './stockpiles';
export { checkStockpile } from './stockpiles';

export type {
  OpenFeedlot, OpenFeedlotOperation, AggregationBasis, FeedlotInterest, FeedlotManagement, FamilyLink,
} from './open-feedlots';
export { aggregateOpenFeedlots, structureConstructedOn, truckWashPartOfOperation } from './open-feedlots';

export { countiesReceivingPlan, indemnityFeeExempt } from './plan-obligations';
export type { IndemnityCollection } from './indemnity';
export { indemnityFeeCents, indemnityCollection } from './indemnity';
