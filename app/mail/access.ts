import { forbidden } from 'next/navigation';
import { roleMayAttempt } from '@/lib/auth/actions';
import type { Actor } from '@/lib/auth/roles';
import { requireActor } from '@/lib/auth/session';
import type { OutboxStatus } from '@/lib/notifications/queries';

/** Department staff and administrators read the outbox (action 'mail.read'); anyone else gets 403. */
export async function requireMailReader(returnTo: string): Promise<Actor> {
  const actor = await requireActor(returnTo);
  if (!roleMayAttempt(actor.role, 'mail.read')) forbidden();
  return actor;
}

export const OUTBOX_STATUS_LABELS: Record<OutboxStatus, string> = {
  pending: 'Waiting to send',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  held: 'Held',
};
