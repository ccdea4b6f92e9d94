import { describe, expect, it } from 'vitest';
import { parsePortfolioFilters, portfolioSearchProblem, PORTFOLIO_SEARCH_MAX } from '@/lib/validation/portfolio';

// A search the portfolio cannot run is said so, next to the search box, rather than dropped in
// silence under "42 operations match".
describe('the portfolio search', () => {
  it('says a 5,000-character search was too long instead of silently listing everything', () => {
    const params = { q: 'x'.repeat(5000) };
    expect(parsePortfolioFilters(params).q).toBeUndefined();
    const said = portfolioSearchProblem(params);
    expect(said).toContain('5,000 characters');
    expect(said).toContain(`at most ${PORTFOLIO_SEARCH_MAX}`);
    expect(said).toContain('Every operation is listed below');
  });

  it('says nothing for a search it runs, or none', () => {
    expect(portfolioSearchProblem(new URLSearchParams('q=Hansen'))).toBeNull();
    expect(parsePortfolioFilters(new URLSearchParams('q=Hansen')).q).toBe('Hansen');
    expect(portfolioSearchProblem({})).toBeNull();
    expect(portfolioSearchProblem(new URLSearchParams(`q=${'y'.repeat(PORTFOLIO_SEARCH_MAX)}`))).toBeNull();
  });
});
