import 'server-only';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { queryRows } from '@/db/client';
import { getDb } from '@/lib/db';
import { decisionLetters, feeLines, operations, parties, planDeficiencies, planSubmissions } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { FILERS } from '@/lib/auth/roles';
import { deriveReviewClock } from './clock';
import { openNoticeItems } from './deficiency-notice';
import { listPlanAttachments } from './attachments';
import { loadFiledDocument } from './document/read-filed';
import { getPlanForActor } from './queries';
import { manureRemovalForOperation } from './in-force';
import { listCountyCoverage } from './receipts';
import { isEditableStatus } from './steps';
import { WITHDRAWABLE_STATUSES } from './withdraw';
import { listPlanStatements } from '@/lib/statements/statements';

/** Everything the plan page shows, for anyone whose scope includes the plan (NOT_FOUND otherwise). */
export async function getPlanPage(actor: Actor, planId: string, today: string) {
  const view = await getPlanForActor(actor, planId);
  const { plan } = view;
  const db = await getDb();
  const [op, fees, attachments, coverage, deficiencies, submissions, manureRemoval, letters, firstTime, statements] = await Promise.all([
    db.select({ facilityId: operations.facilityId, countyFips: operations.countyFips, contractProducer: operations.contractProducer }).from(operations).where(eq(operations.id, plan.operationId)),
    db
      .select({
        id: feeLines.id, code: feeLines.code, amountCents: feeLines.amountCents, citation: feeLines.citation, status: feeLines.status,
        payerKind: feeLines.payerKind, payerName: parties.name, dueOn: feeLines.dueOn,
        paidCents: sql<number>`coalesce((select sum(p.amount_cents) from payments p where p.fee_line_id = ${feeLines.id}), 0)::int`,
      })
      .from(feeLines)
      .innerJoin(parties, eq(parties.id, feeLines.payerPartyId))
      .where(eq(feeLines.planId, planId))
      .orderBy(asc(feeLines.createdAt)),
    listPlanAttachments(planId),
    plan.channel === 'hard_copy' && plan.status !== 'draft' ? listCountyCoverage(planId) : Promise.resolve([]),
    db.select().from(planDeficiencies).where(eq(planDeficiencies.planId, planId)).orderBy(desc(planDeficiencies.cycle), asc(planDeficiencies.createdAt)),
    db
      .select({ id: planSubmissions.id, submittedOn: planSubmissions.submittedOn, confirmationNumber: planSubmissions.confirmationNumber })
      .from(planSubmissions)
      .where(eq(planSubmissions.planId, planId))
      .orderBy(desc(planSubmissions.createdAt)),
    manureRemovalForOperation(db, plan.operationId, today),
    plan.decidedOn ? db.select({ id: decisionLetters.id }).from(decisionLetters).where(eq(decisionLetters.planId, planId)).limit(1) : Promise.resolve([]),
    // IAC 567-65.110(3)"b"(1): a county no earlier filed plan of the operation named has never had its plan.
    queryRows<{ fips: string }>(db, sql`select distinct pc.county_fips as fips from plan_counties pc where pc.plan_id = ${planId}
      and not exists (select 1 from plan_counties e join plans ep on ep.id = e.plan_id where ep.operation_id = ${plan.operationId}
        and ep.id <> ${planId} and ep.status not in ('draft', 'withdrawn') and e.county_fips = pc.county_fips
        and ep.created_at < (select p.created_at from plans p where p.id = ${planId}))`),
    listPlanStatements(db, planId),
  ]);
  const latest = submissions[0];
  // The one reader of a filed plan (the reviewer, the county and the letter read the same).
  const filed = plan.status !== 'draft' || latest ? await loadFiledDocument(db, planId) : null;
  const editable = isEditableStatus(plan.status);
  const filer = FILERS.includes(actor.role);
  const hardCopyFiled = plan.channel === 'hard_copy' && plan.status !== 'draft' && plan.status !== 'withdrawn';
  return {
    ...view,
    operation: op[0]!,
    fees,
    attachments,
    coverage,
    countiesMissing: coverage.filter((c) => !c.receivedOn).length,
    deficiencies: openNoticeItems(deficiencies),
    submissions: submissions.map((s) => ({ id: s.id, submittedOn: s.submittedOn, confirmationNumber: s.confirmationNumber })),
    filed,
    manureRemoval,
    /** The landowners' emailed statements of intent (DNR form 542-8167), each with who confirmed what and when. */
    statements,
    /** Counties this plan names for the first time: on paper, each is sent the complete plan (IAC 567-65.110(3)"b"(1)). */
    firstTimeCounties: [...new Set(view.counties.filter((c) => firstTime.some((f) => f.fips === c.fips)).map((c) => c.name))],
    /** The decision letter as sent is kept as a PDF (decisions made before that have only the page). */
    letterPdf: letters.length > 0,
    reviewClock: deriveReviewClock(view.clock.map((e) => ({ kind: e.kind, occurredOn: e.occurredOn })), today),
    can: {
      edit: filer && editable,
      // A returned plan's owner answers each item of the notice before resubmitting it.
      answer: filer && plan.status === 'incomplete',
      withdraw: actor.role === 'owner' && (WITHDRAWABLE_STATUSES as readonly string[]).includes(plan.status),
      recordReceipt: hardCopyFiled && (filer || (actor.role === 'county_official' && view.counties.some((c) => c.fips === actor.countyFips))),
      uploadReceipt: hardCopyFiled && filer,
    },
  };
}

export type PlanPageData = Awaited<ReturnType<typeof getPlanPage>>;
