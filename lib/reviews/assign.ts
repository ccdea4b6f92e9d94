import 'server-only';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { auditEvents, plans, users } from '@/db/schema';
import { authorize } from '@/lib/auth/policy';
import { DEPARTMENT, type Actor } from '@/lib/auth/roles';
import { AppError } from '@/lib/errors';
import type { AssignReviewerInput } from '@/lib/validation/review';
import { WITH_DEPARTMENT_STATUSES } from '@/db/schema/codes';

// A supervisor assigns (or reassigns, in bulk) the reviewer of received plans. Each plan's
// assignment is a change of the plan: its version moves on and the audit log records who had it.

const OPEN = WITH_DEPARTMENT_STATUSES;

export async function assignReviewer(actor: Actor, input: AssignReviewerInput): Promise<{ assigned: number; reviewerName: string | null }> {
  const planIds = [...new Set(input.planIds)];
  for (const planId of planIds) await authorize(actor, 'plan.assign_reviewer', { planId });
  const db = await getDb();
  let reviewerName: string | null = null;
  if (input.reviewerUserId) {
    const [reviewer] = await db
      .select({ name: users.name })
      .from(users)
      .where(and(eq(users.id, input.reviewerUserId), inArray(users.role, [...DEPARTMENT]), isNull(users.disabledAt)));
    if (!reviewer) throw new AppError('VALIDATION', 'Choose a reviewer from the department.', { reviewerUserId: ['Choose a reviewer from the department'] });
    reviewerName = reviewer.name;
  }
  return db.transaction(async (tx) => {
    const before = await tx
      .select({ id: plans.id, status: plans.status, reviewerUserId: plans.reviewerUserId })
      .from(plans)
      .where(inArray(plans.id, planIds))
      .for('update');
    const closed = before.filter((p) => !(OPEN as readonly string[]).includes(p.status));
    if (closed.length) {
      throw new AppError('CONFLICT', `${closed.length === 1 ? 'One plan has' : `${closed.length} plans have`} been decided or withdrawn since you looked; reload the list.`);
    }
    const reviewer = input.reviewerUserId || null;
    const changed = before.filter((p) => p.reviewerUserId !== reviewer);
    if (!changed.length) return { assigned: 0, reviewerName };
    await tx
      .update(plans)
      .set({ reviewerUserId: reviewer, version: sql`${plans.version} + 1`, updatedAt: new Date() })
      .where(inArray(plans.id, changed.map((p) => p.id)));
    await tx.insert(auditEvents).values(
      changed.map((p) => ({
        actorUserId: actor.id,
        action: 'plan.reviewer_assigned' as const,
        entityType: 'plan',
        entityId: p.id,
        before: { reviewerUserId: p.reviewerUserId },
        after: { reviewerUserId: reviewer, reviewerName },
      })),
    );
    return { assigned: changed.length, reviewerName };
  });
}
