import { formatDate } from '@/lib/format';
import { CLOCK_EVENT_WORDS, type ClockEventKind } from '@/lib/plans/clock';

/** The review clock's events in plain words (IAC 567-65.110(4)), oldest first. */
export function ClockHistory({ events }: { events: { id: number; kind: ClockEventKind; occurredOn: string; note: string | null }[] }) {
  if (!events.length) return <p>The department has not received this plan yet.</p>;
  return (
    <ol className="usa-list">
      {events.map((e) => (
        <li key={e.id}>
          <strong>{formatDate(e.occurredOn)}:</strong> {CLOCK_EVENT_WORDS[e.kind]}
        </li>
      ))}
    </ol>
  );
}
