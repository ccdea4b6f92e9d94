import { hashPassword } from '@/lib/auth/passwords';
import type { Executor } from '@/db/client';
import { parties, users } from '@/db/schema';

// Demo sign-ins, listed in the README and on the embedded sign-in page. Never used outside the demo.
export const DEMO_PASSWORD = 'demo-password-1';

export const DEMO_ACCOUNTS = [
  { key: 'hansen', email: 'owner.hansen@example.com', name: 'Karen Hansen', role: 'owner', party: 'hansen' },
  { key: 'vanzee', email: 'owner.vanzee@example.com', name: 'Pieter Van Zee', role: 'owner', party: 'vanzee' },
  { key: 'prairie', email: 'owner.prairie@example.com', name: 'Luis Ortega', role: 'owner', party: 'prairie' },
  // Registered, with no operation yet: the owner who takes over imported records with a letter's code.
  { key: 'newowner', email: 'owner.new@example.com', name: 'Dale Novak', role: 'owner', party: 'newowner' },
  { key: 'preparer', email: 'preparer@example.com', name: 'Jamie Becker (Becker Ag Consulting)', role: 'preparer' },
  { key: 'contractor', email: 'contractor@example.com', name: 'Heartland Pork Partners', role: 'active_contractor', party: 'heartland' },
  { key: 'reviewer', email: 'reviewer@example.com', name: 'Dana Whitfield', role: 'department_staff' },
  { key: 'reviewer2', email: 'reviewer2@example.com', name: 'Sam Okafor', role: 'department_staff' },
  { key: 'supervisor', email: 'supervisor@example.com', name: 'Morgan Lind', role: 'department_supervisor' },
  { key: 'admin', email: 'admin@example.com', name: 'Portal Administrator', role: 'admin' },
  { key: 'sioux', email: 'auditor.sioux@example.com', name: 'Sioux County Auditor', role: 'county_official', county: '19167' },
  { key: 'hamilton', email: 'auditor.hamilton@example.com', name: 'Hamilton County Auditor', role: 'county_official', county: '19079' },
] as const;

// With the preparer's portfolio (the app's own demo): one of the 40 clients signs in herself.
export const PORTFOLIO_ACCOUNTS = [
  { key: 'albers', email: 'owner.albers@example.com', name: 'Greta Albers (Albers Pork LLC)', role: 'owner' },
] as const;

// Mailing addresses are where the department's letters go (invented, in the demo operations' towns).
export const DEMO_PARTIES = {
  hansen: { kind: 'organization', name: 'Hansen Family Farms LLC', email: 'owner.hansen@example.com', phone: '712-555-0141', mailingAddress: '2840 Indigo Avenue\nRock Valley, IA 51247' },
  vanzee: { kind: 'organization', name: 'Van Zee Pork Inc.', email: 'owner.vanzee@example.com', phone: '712-555-0178', mailingAddress: 'PO Box 214\nHull, IA 51239' },
  prairie: { kind: 'organization', name: 'Prairie Egg Cooperative', email: 'owner.prairie@example.com', phone: '515-555-0102', mailingAddress: '1630 Xenia Avenue\nStanhope, IA 50246' },
  heartland: { kind: 'organization', name: 'Heartland Pork Partners', email: 'contractor@example.com', phone: '515-555-0190', isActiveContractor: true, mailingAddress: '400 Locust Street, Suite 900\nDes Moines, IA 50309' },
  newowner: { kind: 'person', name: 'Dale Novak', email: 'owner.new@example.com', phone: '712-555-0166', mailingAddress: '1200 Maple Street\nHull, IA 51239' },
  miller: { kind: 'person', name: 'Ruth Miller', email: 'ruth.miller@example.com', phone: '641-555-0133', mailingAddress: '5561 Vine Avenue\nKalona, IA 52247' },
} as const;

export type DemoPeople = {
  party: Record<keyof typeof DEMO_PARTIES, string>;
  user: Record<(typeof DEMO_ACCOUNTS)[number]['key'], string>;
};

export async function seedDemoPeople(db: Executor): Promise<DemoPeople> {
  const party = {} as DemoPeople['party'];
  for (const [key, p] of Object.entries(DEMO_PARTIES) as [keyof typeof DEMO_PARTIES, (typeof DEMO_PARTIES)[keyof typeof DEMO_PARTIES]][]) {
    const [row] = await db.insert(parties).values({ ...p }).returning({ id: parties.id });
    party[key] = row!.id;
  }
  // One hash for every demo account keeps the seed fast. The portal's own cost, so a wrong password
  // for a demo account takes as long as one for an address with no account.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const user = {} as DemoPeople['user'];
  for (const a of DEMO_ACCOUNTS) {
    const [row] = await db
      .insert(users)
      .values({
        email: a.email,
        name: a.name,
        role: a.role,
        passwordHash,
        countyFips: 'county' in a ? a.county : null,
        partyId: 'party' in a ? party[a.party] : null,
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id });
    user[a.key] = row!.id;
  }
  return { party, user };
}
