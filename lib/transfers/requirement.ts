import 'server-only';
import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { manureStorageStructures } from '@/db/schema';
import { loadOperationFacts } from '@/lib/plans/operation-facts';
import { mmpRequirement, type MmpRequirement } from '@/lib/rules';

/**
 * IAC 567-65.110(1)"d", in accordance with Iowa Code 459.312: whether the new owner of this
 * operation owes an original MMP and by when. lib/rules decides; the acquired operation is described
 * with the facts its owner would be tested on under (1)"b": capacity, construction and expansion
 * dates, a storage structure still to be built, and the research-college exemption.
 */
export async function newOwnerRequirement(tx: Executor, operationId: string, acquiredOn: string, today: string): Promise<MmpRequirement> {
  const facts = await loadOperationFacts(tx, operationId, today);
  const op = facts.operation;
  const structures = await tx
    .select({ constructedOn: manureStorageStructures.constructedOn })
    .from(manureStorageStructures)
    .where(eq(manureStorageStructures.operationId, operationId));
  const buildsStorage = structures.some((s) => s.constructedOn !== null && s.constructedOn > today);
  return mmpRequirement({
    filer: 'new_owner',
    acquiredOn,
    animalUnitCapacity: facts.animalUnitCapacity,
    ...(op.constructedOn ? { constructedOn: op.constructedOn } : {}),
    ...(op.lastExpandedOn ? { lastExpandedOn: op.lastExpandedOn } : {}),
    ...(buildsStorage ? { buildsManureStorageStructure: true } : {}),
    researchCollegeActivity: op.researchCollege,
  });
}

/** The due date to keep: dueOn only where an original MMP is required at all. */
export function originalMmpDueOn(requirement: MmpRequirement): string | null {
  return requirement.required && requirement.dueOn ? requirement.dueOn : null;
}
