// Notification preferences: annual-update reminders (60, 30 and 7 days before the due date) can be
// turned off, and a county official may take a daily or weekly digest of the plans touching their
// county. Decisions, returned plans, overdue notices and deadlines always go out (lib/jobs).
import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { notificationPreferences } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { authorize } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { DEFAULT_PREFERENCES, type NotificationPreferencesValues, type SavedPreferences } from './schema';

const saved = {
  updateReminders: notificationPreferences.updateReminders,
  deadlineNotices: notificationPreferences.deadlineNotices,
  countyNotices: notificationPreferences.countyNotices,
  countyDigest: notificationPreferences.countyDigest,
};

export async function getNotificationPreferences(userId: string): Promise<SavedPreferences> {
  const db = await getDb();
  const [row] = await db
    .select(saved)
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row ?? DEFAULT_PREFERENCES;
}

/** Saves the actor's own preferences; a digest is kept only for a county official. */
export async function saveNotificationPreferences(actor: Actor, input: NotificationPreferencesValues): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await authorize(actor, 'account.manage_own', undefined, tx);
    const [before] = await tx.select(saved).from(notificationPreferences).where(eq(notificationPreferences.userId, actor.id)).for('update');
    const current: SavedPreferences = before ?? DEFAULT_PREFERENCES;
    const values: SavedPreferences = {
      updateReminders: input.updateReminders,
      deadlineNotices: input.deadlineNotices ?? current.deadlineNotices,
      countyNotices: actor.role === 'county_official' ? (input.countyNotices ?? current.countyNotices) : current.countyNotices,
      countyDigest: actor.role === 'county_official' ? input.countyDigest : 'immediate',
    };
    await tx
      .insert(notificationPreferences)
      .values({ userId: actor.id, ...values })
      .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...values, updatedAt: new Date() } });
    await recordAudit(tx, {
      actorUserId: actor.id,
      action: 'account.notification_preferences_changed',
      entityType: 'user',
      entityId: actor.id,
      before: current,
      after: values,
    });
  });
}
