// Builds the ICS file of a person's dates: one all-day event per date, with stable UIDs so a
// calendar app updates an event in place when the date moves. A UID names the record and the date
// only, never a host: the same feed under another address (or after the portal moves) updates the
// same events instead of adding copies. Events are free time (TRANSP:TRANSPARENT), so a due date
// does not block the whole day in Outlook.
import ical, { ICalCalendarMethod, ICalEventTransparency } from 'ical-generator';
import type { CalendarEvent } from './events';

export function buildIcs(events: CalendarEvent[], options: { name: string }): string {
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
      id: `mmp-${e.uid}`,
      start: e.date,
      allDay: true,
      summary: e.summary,
      description: `${e.description}\n\n${e.url}`,
      url: e.url,
      transparency: ICalEventTransparency.TRANSPARENT,
    });
  }
  // RFC 5545 3.1: every content line, the last one included, ends with CRLF.
  const text = calendar.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}
