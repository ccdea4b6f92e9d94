import { formatDate } from '@/lib/format';

// How a transfer request stands, in words. The label, not the colour, carries the meaning.
type Status = { status: 'pending' | 'confirmed' | 'refused'; ownerResponse: 'accepted' | 'disputed' | null; decidedOn: string | null };

const CLASSES = { pending: 'bg-warning text-ink', confirmed: 'bg-success-darker text-white', refused: 'bg-secondary-dark text-white' } as const;
const LABELS = { pending: 'Pending', confirmed: 'Confirmed', refused: 'Refused' } as const;

export function TransferStatusTag({ status }: { status: Status['status'] }) {
  return <span className={`usa-tag ${CLASSES[status]}`}>{LABELS[status]}</span>;
}

/** One sentence on where the request stands, for the person who filed it. */
export function transferStatusText(t: Status): string {
  if (t.status === 'confirmed') return `Confirmed on ${t.decidedOn ? formatDate(t.decidedOn) : 'an unrecorded date'}: you are the owner on record.`;
  if (t.status === 'refused') return `Refused on ${t.decidedOn ? formatDate(t.decidedOn) : 'an unrecorded date'}.`;
  if (t.ownerResponse === 'disputed') return 'Waiting for the department: the owner on record says the request is wrong.';
  return 'Waiting for the department, or the owner on record, to confirm it. You cannot open the operation’s records until then.';
}
