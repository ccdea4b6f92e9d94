import { describe, expect, it } from 'vitest';
import { buildIcs } from '@/lib/calendar/ics';

const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '');

describe('the calendar feed file', () => {
  it('writes each date as an all-day event with a stable id, a summary and a link', () => {
    const ics = buildIcs(
      [
        { uid: 'update-due-op1-2027-03-01', date: '2027-03-01', summary: 'Annual MMP update due: Rock Valley Finisher Site', description: 'Due March 1, 2027; see IAC 567-65.110(3)"b".', url: 'https://mmp.test/operations/op1' },
        { uid: 'review-p1-2027-01-04', date: '2027-01-04', summary: 'Decision due: Doon Sow Unit, original', description: 'Day 60.', url: 'https://mmp.test/review/plans/p1' },
      ],
      { name: 'MMP dates — Karen Hansen' },
    );
    const text = unfold(ics);
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text).toContain('X-WR-CALNAME:MMP dates — Karen Hansen');
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(text).toContain('UID:mmp-update-due-op1-2027-03-01');
    expect(text).toContain('TRANSP:TRANSPARENT');
    expect(text).toContain('DTSTART;VALUE=DATE:20270301');
    expect(text).toContain('DTSTART;VALUE=DATE:20270104');
    // Commas and semicolons are escaped, as RFC 5545 requires.
    expect(text).toContain('SUMMARY:Decision due: Doon Sow Unit\\, original');
    expect(text).toContain('URL;VALUE=URI:https://mmp.test/operations/op1');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('keeps the calendar date whatever the server’s time zone', () => {
    const before = process.env.TZ;
    process.env.TZ = 'Pacific/Kiritimati';
    try {
      const ics = buildIcs([{ uid: 'x', date: '2027-12-31', summary: 's', description: 'd', url: 'https://mmp.test' }], { name: 'n' });
      expect(ics).toContain('DTSTART;VALUE=DATE:20271231');
    } finally {
      process.env.TZ = before;
    }
  });

  it('is a valid empty calendar when nothing is due', () => {
    const ics = buildIcs([], { name: 'MMP dates' });
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).not.toContain('BEGIN:VEVENT');
  });
});
