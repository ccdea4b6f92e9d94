import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DeadlineDate } from '@/components/law/deadline-date';
import { ManureRemovalReadingNote, ManureRemovalStatement } from '@/components/law/manure-removal';
import { ReadingNotConfirmed } from '@/components/law/unconfirmed';
import { deadlineOf } from '@/lib/deadlines';
import { manureRemovalAnswer } from '@/lib/plans/in-force';
import { balanceText } from '@/lib/reviews/letter-content';

// The shipped readings are unconfirmed: staff see each flag with its source; an owner reads one
// plain sentence, with no tag, no parameter source and no statute address.
const text = (el: React.ReactElement) => renderToStaticMarkup(el).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const moved = deadlineOf('annual_update', '2027-01-16', '2026-12-01');
const removal = manureRemovalAnswer({ approved: true, newOwner: null }, '2026-12-01');

describe('unconfirmed readings, for owners and for staff', () => {
  it('the shipped readings are flagged (so the owner note is shown at all)', () => {
    expect(moved.readingConfirmed).toBe(false);
    expect(removal.reading.confirmed).toBe(false);
  });
  it('an owner’s deadline and manure answer carry no tag, source or address', () => {
    for (const owner of [text(<DeadlineDate d={moved} />), text(<ManureRemovalStatement answer={removal} />), text(<ManureRemovalReadingNote />)]) {
      expect(owner).not.toMatch(/Unconfirmed|Source:|https?:\/\/|legis\.iowa\.gov/);
    }
    expect(text(<DeadlineDate d={moved} />)).toContain('it moves to Tuesday, January 19');
    expect(text(<ReadingNotConfirmed />)).toMatch(/^ ?Some answers on this page .* The department has not yet confirmed that reading; if it changes, this page will show the new answer\. ?$/);
  });
  it('staff still see the flag and its source', () => {
    expect(text(<DeadlineDate d={moved} staff />)).toMatch(/Unconfirmed.*Source:/);
    expect(text(<ManureRemovalStatement answer={removal} staff />)).toMatch(/Unconfirmed.*Source:/);
  });
  it('a letter says in one plain sentence that crop figures are unconfirmed, without "Shipped figure" or an address', () => {
    const b = balanceText({
      unit: 'thousand gallons', citation: 'IAC 567-65.111', producedUnits: 10, plannedUnits: 5, capacityUnits: 8, shortfallUnits: 5, fields: [],
      unconfirmed: 'Shipped figure, not the department’s: crop removal per yield unit (PM 1688), https://www.legis.iowa.gov/docs/iac/rule/567.65.17.pdf',
    });
    expect(b.unconfirmed).toBe('Some crop figures behind these limits are standard published figures that the department has not yet confirmed; if it changes them, the limits may change.');
  });
});
