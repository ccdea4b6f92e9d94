import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '@/lib/url';

// After signing in, the portal sends the browser back where it came from: only to a page of this
// site. Each refused value is one a browser would turn into another site's address.
describe('the return address after signing in (open redirect)', () => {
  const decoded = (encoded: string) => new URLSearchParams(`callbackUrl=${encoded}`).get('callbackUrl');

  it.each([
    ['%2F%09%2Fevil.example%2F', 'a tab between the slashes'],
    ['%2F%0A%2Fevil.example', 'a line feed'],
    ['%2F%0D%2Fevil.example', 'a carriage return'],
    ['%2F%5Cevil.example', 'a backslash'],
    ['%5C%5Cevil.example', 'two backslashes'],
    ['%2F%2Fevil.example', 'two slashes'],
    ['https%3A%2F%2Fevil.example%2F', 'an absolute address'],
    ['%2F%00', 'a NUL'],
    ['javascript%3Aalert(1)', 'a script address'],
    ['evil.example', 'no leading slash'],
  ])('refuses %s (%s)', (encoded) => {
    expect(safeReturnPath(decoded(encoded))).toBeNull();
  });

  it('keeps paths of this site with their query and fragment', () => {
    expect(safeReturnPath(decoded('%2Freview%3Fbucket%3Doverdue'))).toBe('/review?bucket=overdue');
    expect(safeReturnPath('/plans/abc/edit#fields')).toBe('/plans/abc/edit#fields');
    // A doubly encoded tab stays an encoded character in a path here: harmless.
    expect(safeReturnPath(decoded('%2F%2509%2Fevil.example'))).toBe('/%09/evil.example');
  });
});
