import { describe, expect, it } from 'vitest';
import { countyFilterQuery, parseCountyFilter } from '@/lib/counties/filter';

describe('the county list filter read from a URL', () => {
  it('keeps a search, status and page a county auditor typed or bookmarked', () => {
    const f = parseCountyFilter(new URLSearchParams('q=Hull&status=approved&relation=located_in&page=3'));
    expect(f).toEqual({ q: 'Hull', status: 'approved', relation: 'located_in', page: 3 });
    expect(countyFilterQuery(f)).toBe('?q=Hull&status=approved&relation=located_in&page=3');
  });

  it('drops what a hand-edited link cannot mean instead of failing: unknown status, page 0, NUL characters', () => {
    expect(parseCountyFilter({ status: 'nonsense', page: '0' })).toEqual({ q: undefined, status: undefined, relation: undefined, page: 1 });
    expect(parseCountyFilter(new URLSearchParams('q=%00Sioux%00')).q).toBe('Sioux');
    expect(parseCountyFilter(new URLSearchParams('q=%00')).q).toBeUndefined();
  });
});
