import type { Executor } from '@/db/client';
import { hashPassword } from '@/lib/auth/passwords';
import { operationSignatories, parties, users } from '@/db/schema';
import { approvedOriginal, approvedUpdate, finisher, loc, pit, type DemoOperation } from './demo-operations';
import { DEMO_PASSWORD, PORTFOLIO_ACCOUNTS, type DemoPeople } from './demo-people';
import { seedDemoTransfer } from './demo-transfers';

// The demo preparer's portfolio: 40 client operations of ten owners (who have no sign-in of their
// own), in ten western counties away from the two demo county officials', with annual updates due
// from a month overdue to eight months out. One is an elected SAFO and one has an ownership transfer
// request pending, so bulk filing has two it must refuse and name. The preparer may sign for the
// owners without a sign-in; Albers Pork, which has one, signs its own.

const COUNTIES = [
  { fips: '19021', town: 'Storm Lake', lat: 42.64, lon: -95.2 },
  { fips: '19025', town: 'Rockwell City', lat: 42.39, lon: -94.63 },
  { fips: '19027', town: 'Carroll', lat: 42.07, lon: -94.87 },
  { fips: '19047', town: 'Denison', lat: 42.02, lon: -95.35 },
  { fips: '19093', town: 'Ida Grove', lat: 42.34, lon: -95.47 },
  { fips: '19151', town: 'Pocahontas', lat: 42.73, lon: -94.67 },
  { fips: '19161', town: 'Sac City', lat: 42.42, lon: -95.0 },
  { fips: '19193', town: 'Sloan', lat: 42.23, lon: -96.23 },
  { fips: '19009', town: 'Audubon', lat: 41.72, lon: -94.93 },
  { fips: '19073', town: 'Jefferson', lat: 42.02, lon: -94.38 },
] as const;

const CLIENTS = [
  'Albers Pork LLC', 'Brandt Family Farms', 'Christensen Swine Inc.', 'Dvorak Feeders', 'Eckhoff Ag Partners',
  'Fischer Finishing LLC', 'Gerdes Livestock', 'Hoffman Hog Farms', 'Irlbeck Brothers', 'Jansen Prairie Pork',
] as const;
const SITES = ['North', 'South', 'East', 'West'] as const;

export const PORTFOLIO_SAFO_INDEX = 7;
export const PORTFOLIO_TRANSFER_INDEX = 11;

export function portfolioOperationName(i: number): string {
  const client = CLIENTS[Math.floor(i / 4)]!;
  const base = client.replace(/ (LLC|Inc\.)$/, '');
  return i === PORTFOLIO_SAFO_INDEX ? `${base} ${SITES[i % 4]} Nursery (SAFO)` : `${base} ${SITES[i % 4]} Finisher`;
}

/** How demo.ts seeds one operation, passed in so the two modules do not import each other. */
export type SeedOperation = (db: Executor, people: DemoPeople, spec: DemoOperation, today: string, facilityId: string) => Promise<string>;

export async function seedDemoPortfolio(db: Executor, people: DemoPeople, today: string, seedOperation: SeedOperation): Promise<void> {
  const owners: { id: string; name: string }[] = [];
  for (const [n, name] of CLIENTS.entries()) {
    const [row] = await db
      .insert(parties)
      .values({ kind: 'organization', name, email: n === 0 ? PORTFOLIO_ACCOUNTS[0].email : `client${n + 1}@example.com`, phone: `712-555-02${String(n).padStart(2, '0')}`, mailingAddress: `${100 + n} Main Street\n${COUNTIES[n]!.town}, IA` })
      .returning({ id: parties.id });
    owners.push({ id: row!.id, name });
  }
  const [albers] = PORTFOLIO_ACCOUNTS;
  await db.insert(users).values({ email: albers.email, name: albers.name, role: albers.role, passwordHash: await hashPassword(DEMO_PASSWORD), partyId: owners[0]!.id, emailVerifiedAt: new Date() });
  for (let i = 0; i < 40; i++) {
    const county = COUNTIES[i % COUNTIES.length]!;
    const owner = owners[Math.floor(i / 4)]!;
    const safo = i === PORTFOLIO_SAFO_INDEX;
    const spec: DemoOperation = {
      key: `client-${i + 1}`,
      name: portfolioOperationName(i),
      owner: 'hansen', // replaced by client.ownerPartyId
      client: { ownerPartyId: owner.id, grantedByUserId: people.user.admin },
      county: county.fips,
      ...loc(`${86 + (i % 8)}N`, `${33 + (i % 12)}W`, (i % 36) + 1, SITES[i % 4] === 'North' ? 'NE' : 'SW'),
      address911: `${1000 + i * 37} ${SITES[i % 4]} Road, ${county.town}, IA`,
      latitude: county.lat + (i % 4) * 0.02,
      longitude: county.lon - (i % 4) * 0.02,
      constructedOn: `${2005 + (i % 15)}-0${(i % 9) + 1}-15`,
      permit: 'issued',
      inventory: safo ? { swine_15_to_55_lb: 4000 } : finisher(1300 + i * 60),
      storage: pit(1_000_000 + i * 40_000),
      contractor: i === 3,
      safoElectedDaysAgo: safo ? 300 : undefined,
      // Updates due from 30 days overdue (i = 0) to 243 days out, a week apart.
      dueInDays: -30 + i * 7,
      preparerAccess: true,
      plans: i % 2 === 0 ? [approvedOriginal([county.fips], 800), approvedUpdate([county.fips], 360 - i)] : [approvedOriginal([county.fips], 420 + i)],
    };
    const operationId = await seedOperation(db, people, spec, today, String(70_001 + i));
    // The owners without a sign-in of their own authorized the preparer in writing to sign their
    // statements; the department recorded it. Albers Pork signs its own (and is sent them to sign).
    if (i >= 4) {
      await db.insert(operationSignatories).values({ operationId, userId: people.user.preparer, capacity: 'Preparer authorized in writing by the owner', namedByUserId: people.user.admin });
    }
    if (i === PORTFOLIO_TRANSFER_INDEX) {
      await seedDemoTransfer(db, people, { operationId, operationName: spec.name, facilityId: String(70_001 + i), claimant: { party: 'prairie', user: 'prairie' }, previousOwner: { partyId: owner.id, name: owner.name }, acquiredDaysAgo: 9, filedDaysAgo: 6 }, today);
    }
  }
}
