import { z } from 'zod';

// The admin's "issue a token" form, on the client and again on the server.
export const TOKEN_SCOPES = ['public', 'county', 'agency'] as const;
export const TOKEN_SCOPE_LABELS: Record<(typeof TOKEN_SCOPES)[number], string> = {
  public: 'Public: the status search only',
  county: 'One county, as its county official sees it',
  agency: 'An agency: filed plans of the counties granted (all counties when none are chosen)',
};

export const issueTokenSchema = z
  .object({
    name: z.string().trim().min(3, 'Name the system or person the token is for (3 characters or more).').max(100, 'Use 100 characters or fewer.'),
    scope: z.enum(TOKEN_SCOPES, { message: 'Choose what the token may read.' }),
    countyFips: z.string().regex(/^19\d{3}$/, 'Choose a county.').optional().or(z.literal('').transform(() => undefined)),
    agencyCounties: z.array(z.string().regex(/^19\d{3}$/, 'Choose Iowa counties.')).max(99).optional(),
    expiresInDays: z.coerce.number({ message: 'Enter a number of days.' }).int('Enter a whole number of days.').min(1, 'At least 1 day.').max(730, 'At most 730 days (two years).'),
  })
  .superRefine((v, ctx) => {
    if (v.scope === 'county' && !v.countyFips) ctx.addIssue({ code: 'custom', path: ['countyFips'], message: 'Choose the county the token reads.' });
  });

export type IssueTokenInput = z.infer<typeof issueTokenSchema>;
