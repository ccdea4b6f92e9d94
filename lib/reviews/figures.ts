import type { IndemnityFee } from '@/lib/fees/indemnity';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import type { ReviewClock } from '@/lib/plans/clock';
import { newOwnerObligation, type DecidedRequirement } from '@/lib/operations/new-owner';
import type { ManureRemovalAnswer } from '@/lib/plans/in-force';
import {
  ANIMAL_CATEGORIES, animalUnitCapacity, annualComplianceFee, filingFees, latestParameter, parameterValue,
  safoElection, type AnimalCategory,
} from '@/lib/rules';
import type { ReferenceTables } from '@/lib/plans/reference-tables';
import { balanceFigures, nitrogenFigures, pIndexFigures, stockpileFigures, type Figure } from './field-checks';
import type { FiledPlan } from '@/lib/plans/document/types';

// Every figure a reviewer relies on, computed by lib/rules and shown with the rule it comes from.
// A figure may carry a flag (something the reviewer must look at) and a note that a parameter it
// uses is unconfirmed.

export type { Figure } from './field-checks';

export type FigureInput = {
  today: string;
  plan: { kind: 'original' | 'annual_update'; status: string; animalUnitCapacity: number | null };
  operation: {
    constructionPermitStatus: string;
    contractProducer: boolean;
    safoElectedOn: string | null;
    safoEndedOn: string | null;
    safoEndReason: string | null;
    peakAnimalUnitsHoused: number | null;
    constructedOn: string | null;
    lastExpandedOn: string | null;
    researchCollege: boolean;
  };
  inventory: Partial<Record<AnimalCategory, number>>;
  filed: FiledPlan;
  clock: ReviewClock;
  newOwner: { acquiredOn: string; originalFiledSince: boolean; decided?: DecidedRequirement | null } | null;
  indemnity: IndemnityFee;
  /** IAC 567-65.110(5), from the one query of lib/plans/in-force. */
  manureRemoval: ManureRemovalAnswer;
  /** The reference tables in force on the review day; the shipped ones when absent. */
  referenceTables?: ReferenceTables;
};

function auFigures(i: FigureInput, capacity: number): Figure[] {
  const unconfirmed = ANIMAL_CATEGORIES.filter((c) => !c.confirmed && (i.inventory[c.category] ?? 0) > 0);
  const breakdown = Object.entries(i.inventory)
    .map(([c, head]) => `${formatNumber(head ?? 0)} ${ANIMAL_CATEGORIES.find((x) => x.category === c)?.label ?? c}`)
    .join('; ');
  const stated = i.filed.animalUnitCapacity;
  const mismatch = stated !== null && Math.abs(stated - capacity) > 0.0001;
  return [{
    label: 'Animal unit capacity',
    value: `${formatNumber(capacity)} animal units (${breakdown || 'no animals listed'})${stated !== null ? `; the plan states ${formatNumber(stated)}` : ''}`,
    citation: 'Iowa Code 459.102',
    flag: mismatch ? { level: 'error', text: `The plan states ${formatNumber(stated!)} animal units, but the animals listed make ${formatNumber(capacity)}.` } : undefined,
    unconfirmed: unconfirmed.length ? unconfirmed.map((c) => `${c.label}: ${c.source}`).join('; ') : undefined,
  }];
}

function feeFigures(i: FigureInput, capacity: number): Figure[] {
  const permit = i.operation.constructionPermitStatus !== 'not_required';
  const out: Figure[] = [];
  if (i.plan.kind === 'original') {
    const fees = filingFees({ kind: 'original', constructionPermitRequired: permit });
    out.push({ label: 'Filing fee', value: `${formatMoney(fees.totalCents)}${permit ? ' (with the construction permit application fee)' : ''}`, citation: 'IAC 567-65.110(7)' });
  } else {
    const elected = Boolean(i.operation.safoElectedOn && !i.operation.safoEndedOn);
    const fee = annualComplianceFee({ animalUnitCapacity: capacity, contractProducer: i.operation.contractProducer, safoElection: elected });
    out.push({
      label: 'Annual compliance fee',
      value: `${formatMoney(fee.cents)}, paid by the ${fee.payer === 'active_contractor' ? 'active contractor' : 'owner'}`,
      citation: fee.citation,
    });
  }
  const sched = latestParameter('indemnity.fee_schedule');
  out.push({
    label: 'Manure storage indemnity fee',
    value: i.indemnity.status === 'owed' ? `${formatMoney(i.indemnity.cents)} (${i.indemnity.reason})` : `${i.indemnity.status === 'exempt' ? 'Exempt' : i.indemnity.status === 'waived' ? 'Waived' : 'No schedule yet'}: ${i.indemnity.reason}`,
    citation: i.indemnity.citation,
    unconfirmed: i.indemnity.scheduleConfirmed ? undefined : sched.source,
  });
  return out;
}

function clockFigures(i: FigureInput): Figure[] {
  const c = i.clock;
  if (!c.day60 || !c.deadline) {
    const value = c.state === 'stopped_incomplete' ? 'No clock runs: the plan was returned as incomplete' : 'No clock runs yet';
    return [{ label: 'Review deadline', value, citation: 'IAC 567-65.110(4)' }];
  }
  const d = c.deadline;
  const left = c.daysLeft;
  const flag: Figure['flag'] =
    left !== null && left < 0 ? { level: 'error', text: `The review is overdue by ${-left} day${left === -1 ? '' : 's'}.` }
      : left !== null && left <= 7 ? { level: 'warning', text: `The decision is due in ${left} day${left === 1 ? '' : 's'}.` } : undefined;
  return [
    { label: 'Last day of the review', value: `${formatDate(c.day60)} (${parameterValue('days.mmp_review')} days after the complete plan was received on ${formatDate(c.receivedOn!)})`, citation: 'IAC 567-65.110(4)', flag },
    {
      label: 'Effective deadline',
      value: `${formatDate(d.day)}. ${d.reason}${left !== null ? ` ${left} days left.` : ''}`,
      citation: `${d.citation} (general rule)`,
      unconfirmed: d.readingConfirmed ? undefined : d.readingSource,
    },
  ];
}

function operationFigures(i: FigureInput, capacity: number): Figure[] {
  const out: Figure[] = [];
  const removal = i.manureRemoval;
  out.push({
    label: 'Manure removal from storage',
    value: `${removal.allowed ? 'Allowed' : 'Not allowed'}: ${removal.reason}`,
    citation: removal.citation,
    unconfirmed: removal.reading.confirmed ? undefined : removal.reading.source,
  });
  if (i.operation.safoElectedOn) {
    const r = safoElection({ animalUnitCapacity: capacity, peakAnimalUnitsHoused: i.operation.peakAnimalUnitsHoused ?? undefined });
    const ended = r.terminated || Boolean(i.operation.safoEndedOn);
    out.push({
      label: 'SAFO election',
      value: `Elected ${formatDate(i.operation.safoElectedOn)}. ${i.operation.safoEndedOn ? `Ended ${formatDate(i.operation.safoEndedOn)}${i.operation.safoEndReason ? `: ${i.operation.safoEndReason}` : ''}.` : r.reason}`,
      citation: r.citation,
      flag: ended ? { level: 'error', text: 'The SAFO election has terminated: the operation must submit an MMP and pay the annual compliance fee.' } : undefined,
    });
  }
  if (i.newOwner) {
    const o = newOwnerObligation({
      acquiredOn: i.newOwner.acquiredOn, decided: i.newOwner.decided, animalUnitCapacity: capacity, constructedOn: i.operation.constructedOn,
      lastExpandedOn: i.operation.lastExpandedOn, researchCollege: i.operation.researchCollege,
    }, i.today);
    if (!o.due) {
      out.push({ label: 'New owner: original MMP', value: `None owed (acquired ${formatDate(o.acquiredOn)}). ${o.requirement.reason}`, citation: o.requirement.citation });
    } else {
      const late = !i.newOwner.originalFiledSince && o.due.daysLeft < 0;
      out.push({
        label: 'New owner: original MMP due',
        value: `${formatDate(o.due.day)} (acquired ${formatDate(o.acquiredOn)}; ${o.due.reason})${i.newOwner.originalFiledSince ? '; filed' : ''}`,
        citation: `${o.requirement.citation}; ${o.due.citation} (filing rule)`,
        flag: late ? { level: 'error', text: `The new owner is past the ${parameterValue('days.new_owner_original_mmp')} days to submit an original MMP (due ${formatDate(o.due.day)}).` } : undefined,
        unconfirmed: o.due.readingConfirmed ? undefined : o.due.readingSource,
      });
    }
  }
  return out;
}

export function computeFigures(i: FigureInput): Figure[] {
  const capacity = animalUnitCapacity(i.inventory);
  return [
    ...clockFigures(i),
    ...auFigures(i, capacity),
    ...feeFigures(i, capacity),
    ...operationFigures(i, capacity),
    ...pIndexFigures(i.filed.document),
    ...nitrogenFigures(i.filed.document, Number(i.today.slice(0, 4)), i.referenceTables),
    ...balanceFigures(i.filed.document, Number(i.today.slice(0, 4)), i.referenceTables),
    ...stockpileFigures(i.filed.document),
  ];
}
