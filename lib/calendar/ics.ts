// Builds the ICS file of a person's dates: one all-day event per date, with stable UIDs so a
// calendar app updates an event in place when the date moves.
import ical, { ICalCalendarMethod } from 'ical-generator';
import type { CalendarEvent } from './events';

export function buildIcs(events: CalendarEvent[], options: { name: string; host: string }): string {
  const calendar = ical({
    name: options.name,
    prodId: { company: 'Iowa DNR', product: 'MMP Portal', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    // Calendar apps poll a subscription; ask for twice a day.
    ttl: 12 * 60 * 60,
  });
  for (const e of events) {
    // A 'YYYY-MM-DD' string is read as UTC midnight; with no calendar time zone set, ical-generator
    // writes it back as that same calendar date (DTSTART;VALUE=DATE), whatever the server's zone.
    calendar.createEvent({
      id: `${e.uid}@${options.host}`,
      start: e.date,
      allDay: true,
      summary: e.summary,
      description: `${e.description}\n\n${e.url}`,
      url: e.url,
    });
  }
  return calendar.toString();
}
