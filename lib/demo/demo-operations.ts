import type { AnimalCategory } from '@/lib/rules';

// Twelve demo operations in eight counties. Each story gives the demo a plan in a different state,
// dated relative to "today" so the demo stays current: an update due soon, one overdue, a review
// near its 60-day limit, one past it, a returned plan, a disapproval, a SAFO, a new owner...
export type DemoPlan = {
  kind: 'original' | 'annual_update';
  updateKind?: 'complete_plan' | 'no_change_statement' | 'list_of_changes';
  channel?: 'electronic' | 'hard_copy';
  status: 'draft' | 'submitted' | 'incomplete' | 'under_review' | 'approved' | 'disapproved' | 'withdrawn';
  receivedDaysAgo?: number;
  foundCompleteDaysAgo?: number;
  decidedDaysAgo?: number;
  reasons?: string;
  fieldCounties: string[];
  reviewer?: 'reviewer' | 'reviewer2';
  feesPaid?: boolean;
  receiptsFor?: string[];
};

export type DemoOperation = {
  key: string;
  name: string;
  owner: 'hansen' | 'vanzee' | 'prairie' | 'miller';
  county: string;
  township: string;
  range: string;
  section: number;
  quarterSection: string;
  address911: string;
  latitude: number;
  longitude: number;
  constructedOn: string;
  lastExpandedOn?: string;
  permit: 'not_required' | 'issued';
  inventory: Partial<Record<AnimalCategory, number>>;
  storage: { name: string; kind: 'formed' | 'unformed' | 'egg_washwater'; capacityGallons: number }[];
  contractor?: boolean;
  safoElectedDaysAgo?: number;
  acquiredDaysAgo?: number;
  previousOwner?: 'hansen' | 'vanzee' | 'prairie';
  dueInDays?: number;
  preparerAccess?: boolean;
  /** A client of the demo preparer's portfolio: its owner party (no sign-in) and who granted access. */
  client?: { ownerPartyId: string; grantedByUserId: string };
  plans: DemoPlan[];
};

const SIOUX = '19167', LYON = '19119', OBRIEN = '19141', HAMILTON = '19079', HARDIN = '19083';
const WASHINGTON = '19183', PLYMOUTH = '19149', CHEROKEE = '19035', WRIGHT = '19197';

export const approvedOriginal = (counties: string[], decidedDaysAgo = 700): DemoPlan => ({
  kind: 'original', status: 'approved', receivedDaysAgo: decidedDaysAgo + 40, foundCompleteDaysAgo: decidedDaysAgo + 35,
  decidedDaysAgo, fieldCounties: counties, reviewer: 'reviewer', feesPaid: true,
});
export const approvedUpdate = (counties: string[], decidedDaysAgo = 330): DemoPlan => ({
  kind: 'annual_update', updateKind: 'no_change_statement', status: 'approved', receivedDaysAgo: decidedDaysAgo + 20,
  foundCompleteDaysAgo: decidedDaysAgo + 18, decidedDaysAgo, fieldCounties: counties, reviewer: 'reviewer2', feesPaid: true,
});
export const loc = (township: string, range: string, section: number, quarterSection: string) => ({ township, range, section, quarterSection });
export const finisher = (head: number) => ({ swine_over_55_lb: head });
export const pit = (gallons: number) => [{ name: 'Below-building concrete pit', kind: 'formed' as const, capacityGallons: gallons }];

export const DEMO_OPERATIONS: DemoOperation[] = [
  { key: 'rock-valley', name: 'Rock Valley Finisher Site', owner: 'hansen', county: SIOUX, ...loc('96N', '45W', 14, 'NE'),
    address911: '3120 Hickory Ave, Rock Valley, IA 51247', latitude: 43.2, longitude: -96.29, constructedOn: '2012-05-01',
    permit: 'issued', inventory: finisher(2480), storage: pit(1_900_000), dueInDays: 45, preparerAccess: true,
    plans: [approvedOriginal([SIOUX, LYON]), approvedUpdate([SIOUX, LYON])] },
  { key: 'hull-contract', name: 'Hull Contract Finisher', owner: 'vanzee', county: SIOUX, ...loc('97N', '44W', 22, 'SW'),
    address911: '4470 Fig Ave, Hull, IA 51239', latitude: 43.19, longitude: -96.13, constructedOn: '2015-09-15',
    permit: 'issued', inventory: finisher(4960), storage: pit(3_600_000), contractor: true, dueInDays: 300,
    plans: [approvedOriginal([SIOUX, OBRIEN], 760), { kind: 'annual_update', updateKind: 'complete_plan', status: 'under_review',
      receivedDaysAgo: 55, foundCompleteDaysAgo: 50, fieldCounties: [SIOUX, OBRIEN], reviewer: 'reviewer' }] },
  { key: 'doon-sow', name: 'Doon Sow Unit', owner: 'vanzee', county: LYON, ...loc('98N', '45W', 9, 'NW'),
    address911: '1880 Cedar Ave, Doon, IA 51235', latitude: 43.28, longitude: -96.23, constructedOn: '2008-03-10',
    permit: 'issued', inventory: { swine_over_55_lb: 2600, swine_15_to_55_lb: 3000 }, storage: pit(2_400_000), dueInDays: -20,
    plans: [approvedOriginal([LYON, SIOUX], 900), approvedUpdate([LYON, SIOUX], 380)] },
  { key: 'webster-new', name: 'Webster City Wean-to-Finish (proposed)', owner: 'prairie', county: HAMILTON, ...loc('89N', '26W', 3, 'SE'),
    address911: '2215 Vail Ave, Webster City, IA 50595', latitude: 42.47, longitude: -93.82, constructedOn: '2026-06-01',
    permit: 'not_required', inventory: finisher(2400), storage: pit(1_800_000),
    plans: [{ kind: 'original', status: 'draft', fieldCounties: [HAMILTON] }] },
  { key: 'stanhope', name: 'Stanhope Layer Complex', owner: 'prairie', county: HAMILTON, ...loc('87N', '25W', 30, 'NW'),
    address911: '1630 Xenia Ave, Stanhope, IA 50246', latitude: 42.29, longitude: -93.79, constructedOn: '2004-08-20',
    permit: 'issued', inventory: { chickens_liquid_manure: 120_000 }, storage: pit(4_000_000), dueInDays: 200,
    plans: [approvedOriginal([HAMILTON, HARDIN]), { kind: 'annual_update', updateKind: 'list_of_changes', status: 'submitted',
      receivedDaysAgo: 1, fieldCounties: [HAMILTON, HARDIN] }] },
  { key: 'iowa-falls', name: 'Iowa Falls Finisher', owner: 'hansen', county: HARDIN, ...loc('89N', '21W', 17, 'NE'),
    address911: '1402 County Rd D15, Iowa Falls, IA 50126', latitude: 42.52, longitude: -93.26, constructedOn: '2010-11-01',
    permit: 'issued', inventory: finisher(2000), storage: pit(1_500_000), dueInDays: 120, preparerAccess: true,
    plans: [approvedOriginal([HARDIN]), { kind: 'annual_update', updateKind: 'complete_plan', status: 'incomplete',
      receivedDaysAgo: 14, fieldCounties: [HARDIN, HAMILTON], reviewer: 'reviewer2' }] },
  { key: 'kalona-dairy', name: 'Kalona Dairy', owner: 'miller', county: WASHINGTON, ...loc('77N', '8W', 11, 'SW'),
    address911: '5561 Vine Ave, Kalona, IA 52247', latitude: 41.48, longitude: -91.71, constructedOn: '1999-04-12',
    permit: 'issued', inventory: { dairy_mature: 700, dairy_immature: 300 }, storage: [{ name: 'Earthen basin', kind: 'unformed', capacityGallons: 5_200_000 }],
    dueInDays: 60,
    plans: [approvedOriginal([WASHINGTON]), { kind: 'annual_update', updateKind: 'complete_plan', status: 'disapproved',
      receivedDaysAgo: 70, foundCompleteDaysAgo: 68, decidedDaysAgo: 15, fieldCounties: [WASHINGTON], reviewer: 'reviewer',
      reasons: 'Field 7 (62 acres) has a phosphorus index of 16.2: very high, no manure may be applied (IAC 567-65.111). Remove the field from the application schedule or provide a new P-index calculation.' }] },
  { key: 'sutherland-safo', name: 'Sutherland Nursery (SAFO)', owner: 'hansen', county: OBRIEN, ...loc('94N', '40W', 27, 'NE'),
    address911: '3340 Redwood Ave, Sutherland, IA 51058', latitude: 42.97, longitude: -95.5, constructedOn: '2001-02-01',
    permit: 'not_required', inventory: { swine_15_to_55_lb: 4500 }, storage: pit(600_000), safoElectedDaysAgo: 400, dueInDays: 150,
    plans: [approvedOriginal([OBRIEN], 1200)] },
  { key: 'le-mars', name: 'Le Mars Finisher', owner: 'prairie', county: PLYMOUTH, ...loc('92N', '45W', 5, 'SE'),
    address911: '1745 Collie Ave, Le Mars, IA 51031', latitude: 42.79, longitude: -96.17, constructedOn: '2014-07-01',
    permit: 'issued', inventory: finisher(3000), storage: pit(2_200_000), acquiredDaysAgo: 30, previousOwner: 'vanzee',
    plans: [approvedOriginal([PLYMOUTH], 500)] },
  { key: 'cherokee-cattle', name: 'Cherokee Cattle Confinement', owner: 'vanzee', county: CHEROKEE, ...loc('92N', '40W', 18, 'NW'),
    address911: '5510 C Ave, Cherokee, IA 51012', latitude: 42.75, longitude: -95.55, constructedOn: '2017-10-01',
    permit: 'issued', inventory: { cattle_slaughter_feeder: 2400 }, storage: pit(3_000_000), dueInDays: 250,
    plans: [approvedOriginal([CHEROKEE, PLYMOUTH], 600), { kind: 'annual_update', updateKind: 'no_change_statement', channel: 'hard_copy',
      status: 'submitted', receivedDaysAgo: 5, fieldCounties: [CHEROKEE, PLYMOUTH], receiptsFor: [CHEROKEE] }] },
  { key: 'clarion', name: 'Clarion Finisher', owner: 'miller', county: WRIGHT, ...loc('92N', '24W', 33, 'SW'),
    address911: '2330 Nelson Ave, Clarion, IA 50525', latitude: 42.73, longitude: -93.73, constructedOn: '2011-06-15',
    permit: 'issued', inventory: finisher(2400), storage: pit(1_700_000), dueInDays: 90,
    plans: [approvedOriginal([WRIGHT]), { kind: 'annual_update', updateKind: 'complete_plan', status: 'withdrawn', fieldCounties: [WRIGHT] }] },
  { key: 'sioux-center', name: 'Sioux Center Finisher II', owner: 'hansen', county: SIOUX, ...loc('95N', '45W', 6, 'SW'),
    address911: '2990 Hawthorn Ave, Sioux Center, IA 51250', latitude: 43.08, longitude: -96.18, constructedOn: '2026-03-01',
    permit: 'issued', inventory: finisher(2480), storage: pit(1_900_000),
    plans: [{ kind: 'original', status: 'under_review', receivedDaysAgo: 70, foundCompleteDaysAgo: 66, fieldCounties: [SIOUX, LYON], reviewer: 'reviewer2' }] },
];
