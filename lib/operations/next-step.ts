import { pluralDays } from '@/lib/format';
import type { OperationSummary } from './queries';

export type NextStep = { text: string; urgent: boolean; href: string };

// The one next thing an owner should do for an operation, in plain words, with where to do it.
export function nextStepFor(op: OperationSummary): NextStep {
  const opHref = `/operations/${op.id}`;
  const planHref = op.latestPlanId ? `/plans/${op.latestPlanId}` : opHref;
  // IAC 567-65.110(1)"d": a new owner's own original MMP is due 60 days after acquiring, where the
  // operation must have one (newOwnerDaysLeft is null otherwise).
  if (op.newOwnerDaysLeft !== null && op.latestPlanStatus !== 'draft') {
    const when = op.newOwnerDaysLeft < 0 ? `overdue by ${pluralDays(-op.newOwnerDaysLeft)}` : `due in ${pluralDays(op.newOwnerDaysLeft)}`;
    return { text: `New owner: start your original plan (${when}).`, urgent: true, href: opHref };
  }
  switch (op.latestPlanStatus) {
    case null:
      return { text: 'Start the original manure management plan.', urgent: true, href: opHref };
    case 'draft':
      return { text: 'Finish and submit the plan you started.', urgent: true, href: `/plans/${op.latestPlanId}/edit` };
    case 'submitted':
    case 'under_review':
      if (op.latestPlanCountiesMissingReceipt > 0) {
        const n = op.latestPlanCountiesMissingReceipt;
        return { text: `Record the county receipt${n === 1 ? '' : 's'} for your hard copy (${n} ${n === 1 ? 'county' : 'counties'} missing).`, urgent: true, href: planHref };
      }
      return { text: 'Nothing to do: the department is reviewing your plan.', urgent: false, href: planHref };
    case 'incomplete':
      return { text: 'The department returned your plan: answer each item and resubmit.', urgent: true, href: planHref };
    case 'disapproved':
      return { text: 'Your plan was disapproved: read the reasons, revise it and resubmit.', urgent: true, href: planHref };
  }
  // IAC 567-65.110(1)"e"(2): no updated MMP while a SAFO election is in force.
  if (op.safoInForce) return { text: 'Nothing due: an elected SAFO files no annual update.', urgent: false, href: opHref };
  if (op.updateFiled) return { text: `Nothing due now: this year’s annual update is filed${op.updateFiled.status === 'approved' ? ' and approved' : ''}.`, urgent: false, href: `/plans/${op.updateFiled.planId}` };
  if (op.daysUntilDue !== null && op.daysUntilDue < 0) return { text: 'Your annual update is overdue: file it now.', urgent: true, href: opHref };
  if (op.daysUntilDue !== null && op.daysUntilDue <= 60) return { text: 'File the annual update before its due date.', urgent: true, href: opHref };
  return { text: 'Nothing due now.', urgent: false, href: opHref };
}
