/** Plan statuses (the review workflow) plus 'overdue' for a missed annual update or fee. */
export type TagStatus =
  | 'draft'
  | 'submitted'
  | 'received'
  | 'incomplete'
  | 'under_review'
  | 'approved'
  | 'disapproved'
  | 'withdrawn'
  | 'overdue';

export const STATUS_LABELS: Record<TagStatus, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  received: 'Received',
  incomplete: 'Incomplete',
  under_review: 'Under review',
  approved: 'Approved',
  disapproved: 'Disapproved',
  withdrawn: 'Withdrawn',
  overdue: 'Overdue',
};

// Every pair keeps at least 4.5:1 contrast; the label, not the color, carries the meaning.
const STATUS_CLASSES: Record<TagStatus, string> = {
  draft: 'bg-base-dark text-white',
  submitted: 'bg-primary text-white',
  received: 'bg-primary-darker text-white',
  incomplete: 'bg-warning text-ink',
  under_review: 'bg-info-darker text-white',
  approved: 'bg-success-darker text-white',
  disapproved: 'bg-secondary-dark text-white',
  withdrawn: 'bg-base-lighter text-ink',
  overdue: 'bg-emergency text-white',
};

function isTagStatus(value: string): value is TagStatus {
  return Object.hasOwn(STATUS_LABELS, value);
}

/** Readable label for a status; unknown values are humanized rather than hidden. */
export function statusLabel(status: string): string {
  if (isTagStatus(status)) return STATUS_LABELS[status];
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

type StatusTagProps = { status: TagStatus | (string & {}); big?: boolean; className?: string };

export function StatusTag({ status, big, className }: StatusTagProps) {
  const color = isTagStatus(status) ? STATUS_CLASSES[status] : 'bg-base-dark text-white';
  const classes = ['usa-tag', big && 'usa-tag--big', color, className].filter(Boolean).join(' ');
  return <span className={classes}>{statusLabel(status)}</span>;
}
