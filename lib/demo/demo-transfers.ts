import { createHash, randomBytes } from 'node:crypto';
import { addDays } from '@/lib/rules';
import { hashToken } from '@/lib/auth/tokens';
import { getAttachmentStorage } from '@/lib/storage';
import { OWNER_LINK_DAYS } from '@/lib/transfers/limits';
import { newOwnerRequirement, originalMmpDueOn } from '@/lib/transfers/requirement';
import type { Executor } from '@/db/client';
import { attachments, auditEvents, ownershipTransfers } from '@/db/schema';
import { DEMO_PARTIES, type DemoPeople } from './demo-people';
import { textPdf } from './demo-pdf';

// The demo's ownership transfers (IAC 567-65.110(1)"d", DNR form 542-4026): the new owner inside
// their 60 days got there by a transfer the department confirmed, and one request waits in the
// department's worklist with its bill of sale.

type Party = keyof DemoPeople['party'];
type Account = keyof DemoPeople['user'];

export type DemoTransfer = {
  operationId: string;
  operationName: string;
  facilityId: string;
  claimant: { party: Party; user: Account };
  /** A demo party, or a portfolio client's party (no sign-in). */
  previousOwner: Party | { partyId: string; name: string };
  acquiredDaysAgo: number;
  filedDaysAgo: number;
  /** Confirmed by the department this many days ago; unset leaves the request pending. */
  confirmedDaysAgo?: number;
};

function noonInIowa(day: string): Date {
  return new Date(`${day}T18:00:00.000Z`);
}

export async function seedDemoTransfer(db: Executor, people: DemoPeople, t: DemoTransfer, today: string): Promise<void> {
  const acquiredOn = addDays(today, -t.acquiredDaysAgo);
  const filedOn = addDays(today, -t.filedDaysAgo);
  const claimantName = DEMO_PARTIES[t.claimant.party].name;
  const previousName = typeof t.previousOwner === 'string' ? DEMO_PARTIES[t.previousOwner].name : t.previousOwner.name;
  const previousPartyId = typeof t.previousOwner === 'string' ? people.party[t.previousOwner] : t.previousOwner.partyId;
  const confirmedOn = t.confirmedDaysAgo === undefined ? null : addDays(today, -t.confirmedDaysAgo);
  const requirement = confirmedOn ? await newOwnerRequirement(db, t.operationId, acquiredOn, confirmedOn) : null;
  const [row] = await db
    .insert(ownershipTransfers)
    .values({
      operationId: t.operationId,
      claimantPartyId: people.party[t.claimant.party],
      claimantUserId: people.user[t.claimant.user],
      currentOwnerPartyId: previousPartyId,
      acquiredOn,
      createdAt: noonInIowa(filedOn),
      updatedAt: noonInIowa(confirmedOn ?? filedOn),
      // Nobody knows this link's token: the demo owner answers from their page, or the department decides.
      ownerTokenHash: confirmedOn ? null : hashToken(randomBytes(32).toString('base64url')),
      ownerTokenExpiresAt: confirmedOn ? null : new Date(noonInIowa(filedOn).getTime() + OWNER_LINK_DAYS * 86_400_000),
      ...(confirmedOn && requirement
        ? {
            status: 'confirmed' as const,
            version: 2,
            decidedThrough: 'department' as const,
            decidedByUserId: people.user.supervisor,
            decidedOn: confirmedOn,
            decidedAt: noonInIowa(confirmedOn),
            originalMmpRequired: requirement.required,
            originalMmpDueOn: originalMmpDueOn(requirement),
            requirementCitation: requirement.citation,
            requirementReason: requirement.reason,
          }
        : {}),
    })
    .returning({ id: ownershipTransfers.id });
  const transferId = row!.id;

  const bytes = textPdf([
    'BILL OF SALE',
    '',
    `${previousName}, seller, sells and transfers to ${claimantName}, buyer,`,
    `the confinement feeding operation ${t.operationName} (DNR facility ${t.facilityId}),`,
    'with its buildings, manure storage structures and equipment.',
    '',
    `Date of sale and transfer of possession: ${acquiredOn}`,
    '',
    'Signed for the seller                    Signed for the buyer',
    '(Demo document: not a real sale.)',
  ]);
  const storageKey = `demo/transfers/${t.facilityId}-bill-of-sale.pdf`;
  await getAttachmentStorage().put(storageKey, bytes);
  const filename = `bill-of-sale-${t.facilityId}.pdf`;
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await db.insert(attachments).values({
    operationId: t.operationId, transferId, kind: 'other', filename, contentType: 'application/pdf', sizeBytes: bytes.length, sha256, storageKey,
    uploadedByUserId: people.user[t.claimant.user], createdAt: noonInIowa(filedOn),
  });
  await db.insert(auditEvents).values({
    occurredAt: noonInIowa(filedOn), actorUserId: people.user[t.claimant.user], action: 'transfer.requested', entityType: 'ownership_transfer', entityId: transferId,
    after: { operationId: t.operationId, facilityId: t.facilityId, acquiredOn, evidence: { filename, sizeBytes: bytes.length, sha256 }, seeded: true },
  });
  if (confirmedOn && requirement) {
    await db.insert(auditEvents).values({
      occurredAt: noonInIowa(confirmedOn), actorUserId: people.user.supervisor, action: 'transfer.confirmed', entityType: 'ownership_transfer', entityId: transferId,
      after: { status: 'confirmed', through: 'department', originalMmpRequired: requirement.required, originalMmpDueOn: originalMmpDueOn(requirement), citation: requirement.citation, seeded: true },
    });
  }
}
