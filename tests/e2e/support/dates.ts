import type { APIRequestContext } from '@playwright/test';

// Dates in browser tests come from the portal's own clock (its health check), never a fixed day.
export async function portalToday(request: APIRequestContext): Promise<string> {
  return ((await (await request.get('/api/health')).json()) as { today: string }).today;
}

export function addDaysIso(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** "November 2, 2026", as the portal writes a date. */
export function longDate(day: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}
