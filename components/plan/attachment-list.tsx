import { ATTACHMENT_KIND_LABELS, formatBytes, type AttachmentKind } from '@/lib/plans/attachment-kinds';

export type AttachmentItem = { id: string; kind: AttachmentKind; filename: string; sizeBytes: number };

/** Files on a plan, each downloadable by anyone who may read the plan. */
export function AttachmentList({ items, empty = 'No files uploaded.' }: { items: AttachmentItem[]; empty?: string }) {
  if (!items.length) return <p>{empty}</p>;
  return (
    <ul className="usa-list">
      {items.map((a) => (
        <li key={a.id}>
          <a href={`/api/attachments/${a.id}`} download>
            {a.filename}
          </a>{' '}
          ({ATTACHMENT_KIND_LABELS[a.kind]}, PDF, {formatBytes(a.sizeBytes)})
        </li>
      ))}
    </ul>
  );
}
