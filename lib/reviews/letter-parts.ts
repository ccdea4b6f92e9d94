import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { allOf, type Executor } from '@/db/client';
import { ownerships, parties, plans } from '@/db/schema';
import { fieldOfficeForCounty } from '@/lib/counties/field-offices';
import { deadlineOf, deadlineWords } from '@/lib/deadlines';
import { parameterOnDate } from '@/lib/parameters/values';
import { manureRemovalForOperation } from '@/lib/plans/in-force';
import { balanceInput, planBalance } from '@/lib/plans/balance';
import { loadFiledDocument } from '@/lib/plans/document/read-filed';
import { letterBalance, type LetterBalance, type LetterParts } from './letter-content';
import { appealLastDay, latestParameter } from '@/lib/rules';

// What every decision letter and its email carry besides the decision: the plan's reference number,
// the department's contact (the field office serving the operation's county), the owner's mailing
// address block, the answer to IAC 567-65.110(5) from the one in-force query, and, for a disapproval
// or a return, the appeal paragraph an administrator keeps (flagged until the department confirms it).
// Plain data, so the same parts go into the page, the outbox row and the email.

export type { LetterParts } from './letter-content';

export async function buildLetterParts(
  db: Executor,
  input: { planId: string; operationId: string; countyFips: string; decidedOn: string; appealable: boolean; withBalance?: boolean },
): Promise<LetterParts> {
  const [[plan], [owner], office, removal] = await allOf(db, [
    () => db.select({ referenceNumber: plans.referenceNumber }).from(plans).where(eq(plans.id, input.planId)),
    () => db
      .select({ name: parties.name, mailingAddress: parties.mailingAddress })
      .from(ownerships)
      .innerJoin(parties, eq(parties.id, ownerships.ownerId))
      .where(and(eq(ownerships.operationId, input.operationId), isNull(ownerships.releasedOn))),
    () => fieldOfficeForCounty(db, input.countyFips),
    () => manureRemovalForOperation(db, input.operationId),
  ]);
  // Only a decision letter carries the balance; a return as incomplete does not read the plan for it.
  let balance: LetterBalance | null = null;
  if (input.withBalance !== false) {
    // The balance as filed: the reference values frozen with the plan, not those in force when decided.
    const filed = await loadFiledDocument(db, input.planId);
    const d = filed?.document;
    if (filed && d && d.fields.length) balance = letterBalance(planBalance(balanceInput(d.production, d.fields, d.agreements), Number(input.decidedOn.slice(0, 4)), filed.referenceTables));
  }
  let appeal: LetterParts['appeal'] = null;
  if (input.appealable) {
    const notice = (await parameterOnDate('appeal.notice', input.decidedOn, db)) ?? null;
    const value = notice?.value ?? latestParameter('appeal.notice').value;
    const d = deadlineOf('appeal', appealLastDay(input.decidedOn, value.days));
    appeal = {
      text: value.text.replaceAll('{deadline}', deadlineWords(d)),
      lastDay: d.lastDay,
      day: d.day,
      confirmed: Boolean(notice?.confirmed),
      citation: latestParameter('appeal.notice').citation,
    };
  }
  return {
    referenceNumber: plan?.referenceNumber ?? input.planId,
    office: office ? { name: office.name, addressLines: office.addressLines, phone: office.phone } : null,
    recipient: { name: owner?.name ?? 'The owner', addressLines: owner?.mailingAddress ? owner.mailingAddress.split('\n').filter(Boolean) : null },
    manureRemoval: { allowed: removal.allowed, reason: removal.reason, citation: removal.citation, readingConfirmed: removal.reading.confirmed },
    appeal,
    balance,
  };
}
