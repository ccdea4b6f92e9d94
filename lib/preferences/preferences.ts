// Notification preferences: annual-update reminders (60, 30 and 7 days before the due date) can be
// turned off, and a county official may take a daily or weekly digest of the plans touching their
// county. Decisions, returned plans, overdue notices and deadlines always go out (lib/jobs).
import { eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { notificationPreferences } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { authorize } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { DEFAULT_PREFERENCES, type NotificationPreferencesValues } from './schema';

export async function getNotificationPreferences(userId: string): Promise<NotificationPreferencesValues> {
  const db = await getDb();
  const [row] = await db
    .select({ updateReminders: notificationPreferences.updateReminders, countyDigest: notificationPreferences.countyDigest })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row ?? DEFAULT_PREFERENCES;
}

/** Saves the actor's own preferences; a digest is kept only for a county official. */
export async function saveNotificationPreferences(actor: Actor, input: NotificationPreferencesValues): Promise<void> {
  const values = { ...input, countyDigest: actor.role === 'county_official' ? input.countyDigest : 'immediate' } as const;
  const db = await getDb();
  await db.transaction(async (tx) => {
    await authorize(actor, 'account.manage_own', undefined, tx);
    const [before] = await tx.select().from(notificationPreferences).where(eq(notificationPreferences.userId, actor.id)).for('update');
    await tx
      .insert(notificationPreferences)
      .values({ userId: actor.id, ...values })
      .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...values, updatedAt: new Date() } });
    await recordAudit(tx, {
      actorUserId: actor.id,
      action: 'account.notification_preferences_changed',
      entityType: 'user',
      entityId: actor.id,
      before: before ? { updateReminders: before.updateReminders, countyDigest: before.countyDigest } : DEFAULT_PREFERENCES,
      after: values,
    });
  });
}
