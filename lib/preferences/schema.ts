// Which optional emails a person takes. One schema for the form and its action.
import { z } from 'zod';

export const COUNTY_DIGEST_CHOICES = ['immediate', 'daily', 'weekly'] as const;
export type CountyDigestChoice = (typeof COUNTY_DIGEST_CHOICES)[number];

export const notificationPreferencesSchema = z.object({
  updateReminders: z.boolean({ error: 'Choose whether to get update reminders.' }),
  // Optional in what a caller sends: left out, the saved choice stays as it is.
  deadlineNotices: z.boolean({ error: 'Choose whether to get overdue notices.' }).optional(),
  countyNotices: z.boolean({ error: 'Choose whether to get emails about plans in your county.' }).optional(),
  countyDigest: z.enum(COUNTY_DIGEST_CHOICES, { error: 'Choose how often to hear about plans in your county.' }),
});

export type NotificationPreferencesValues = z.infer<typeof notificationPreferencesSchema>;

export const DEFAULT_PREFERENCES = { updateReminders: true, deadlineNotices: true, countyNotices: true, countyDigest: 'immediate' } as const satisfies Required<NotificationPreferencesValues>;

export type SavedPreferences = Required<NotificationPreferencesValues>;
