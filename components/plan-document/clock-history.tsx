import { formatDate } from '@/lib/format';
import { CLOCK_EVENT_WORDS, type ClockEventKind } from '@/lib/plans/clock';

// The review clock in plain words, oldest first (IAC 567-65.110(4)).
type Event = { id: number; kind: ClockEventKind; occurredOn: string; note: string | null };

/** `notes`: the department's note on each event (the deficiency codes of a return, the decision), for staff. */
export function ClockHistory({ events, notes = false }: { events: Event[]; notes?: boolean }) {
  if (!events.length) return <p>The department has not received this plan yet.</p>;
  return (
    <ol className="usa-process-list">
      {events.map((e) => (
        <li key={e.id} className="usa-process-list__item padding-bottom-2">
          <p className="usa-process-list__heading font-sans-sm">{formatDate(e.occurredOn)}</p>
          <p className="margin-top-05">
            {CLOCK_EVENT_WORDS[e.kind]}
            {notes && e.note ? ` (${e.note})` : null}
          </p>
        </li>
      ))}
    </ol>
  );
}
