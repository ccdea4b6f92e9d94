import type { OperationSummary } from './queries';

// The one next thing an owner should do for an operation, in plain words.
export function nextStepFor(op: OperationSummary): { text: string; urgent: boolean } {
  switch (op.latestPlanStatus) {
    case null:
      return { text: 'Start the original manure management plan.', urgent: true };
    case 'draft':
      return { text: 'Finish and submit the plan you started.', urgent: true };
    case 'submitted':
    case 'under_review':
      return { text: 'Nothing to do: the department is reviewing your plan.', urgent: false };
    case 'incomplete':
      return { text: 'The department returned your plan: answer each item and resubmit.', urgent: true };
    case 'disapproved':
      return { text: 'Your plan was disapproved: read the reasons, revise it and resubmit.', urgent: true };
  }
  if (op.daysUntilDue !== null && op.daysUntilDue < 0) return { text: 'Your annual update is overdue: file it now.', urgent: true };
  if (op.daysUntilDue !== null && op.daysUntilDue <= 60) return { text: 'File the annual update before its due date.', urgent: true };
  return { text: 'Nothing due now.', urgent: false };
}
