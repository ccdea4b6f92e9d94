'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { grantAccess, revokeAccess } from '@/lib/auth/grants';
import { actorOrThrow } from '@/lib/auth/session';
import { today } from '@/lib/clock';
import { defineAction } from '@/lib/actions/define';
import { toActionError, type ActionResult } from '@/lib/errors';
import { kickDelivery } from '@/lib/notifications/deliver';
import { registerOperation, updateOperation } from '@/lib/operations/commands';
import { registerForClient } from '@/lib/registrations/commands';
import { clientRegistrationSchema } from '@/lib/validation/registrations';
import { startPlan } from '@/lib/plans/start';
import { publicOrigin } from '@/lib/env';
import { editOperationSchema, operationSchema, revokeGrantSchema } from '@/lib/validation/operations';
import { respondAsOwner } from '@/lib/transfers/respond';
import { ownerAnswerSchema } from '@/lib/validation/transfers';
import { parseOrThrow } from '@/lib/validation/parse';
import { startPlanSchema } from '@/lib/validation/plans';
import { grantAccessSchema } from '@/lib/validation/accounts';
import { saveStructure, setEffluentSystem } from '@/lib/feedlots/commands';
import { effluentSystemSchema, structureSchema } from '@/lib/validation/structures';
import { addFamilyLink, addInterest, addManager, removeControl } from '@/lib/feedlots/control';
import { familyLinkSchema, interestSchema, managerSchema, removeControlSchema } from '@/lib/validation/feedlot-control';
import { nameSignatory, revokeSignatory } from '@/lib/signing/signatories';
import { nameSignatorySchema, revokeSignatorySchema } from '@/lib/validation/signing';

// Operation actions: parse -> authorize (inside the service) -> act -> revalidate.

export const registerOperationAction = defineAction({ input: operationSchema, capability: 'operation.register' }, async ({ actor, input: values }): Promise<ActionResult<{ id: string }>> => {
  const { id, facilityId } = await registerOperation(actor, values, today());
  revalidatePath('/dashboard');
  return { ok: true, data: { id }, message: `Registered. The facility ID is ${facilityId}.` };
});

/** A preparer registers an operation for a client; the owner is emailed a link to accept it. */
export const registerForClientAction = defineAction({ input: clientRegistrationSchema, capability: 'operation.register_for_client' }, async ({ actor, input: values }): Promise<ActionResult<{ id: string }>> => {
  const { operationId } = await registerForClient(actor, values, { today: today(), origin: publicOrigin() });
  kickDelivery();
  revalidatePath('/preparer');
  return { ok: true, data: { id: operationId }, message: `Registered. We emailed ${values.clientEmail} a link to accept it.` };
});

export const editOperationAction = defineAction({ input: editOperationSchema, capability: 'operation.edit' }, async ({ actor, input: values }): Promise<ActionResult<{ id: string }>> => {
  await updateOperation(actor, values, today());
  revalidatePath('/dashboard');
  revalidatePath(`/operations/${values.operationId}`);
  return { ok: true, data: { id: values.operationId } };
});

/**
 * The owner on record answers a transfer request for their operation (IAC 567-65.110(1)"d"):
 * accepting it moves the operation to the claimant; saying it is wrong leaves it with the department.
 */
export const respondToTransferAction = defineAction({ input: ownerAnswerSchema, capability: 'transfer.respond' }, async ({ actor, input: values }): Promise<ActionResult<{ status: 'confirmed' | 'pending' }>> => {
  const result = await respondAsOwner(actor, values, { today: today(), origin: publicOrigin() });
  kickDelivery();
  revalidatePath('/dashboard');
  revalidatePath(`/operations/${result.operationId}`);
  const message =
    result.status === 'confirmed'
      ? 'You accepted the request: the operation is now recorded as the new owner’s, and you both were emailed.'
      : 'Your answer was recorded. The department will decide the request and tell you both.';
  return { ok: true, data: { status: result.status }, message };
});

/** Starts (or resumes) a plan and goes to its form. Used by a form, so it also works without script. */
export async function startPlanAction(_previous: string | null, form: FormData): Promise<string | null> {
  let planId: string;
  try {
    const actor = await actorOrThrow();
    // Anything but the form's FormData is refused by the schema like a form with no answers.
    const field = (name: string) => (form instanceof FormData ? form.get(name) : undefined);
    const values = parseOrThrow(startPlanSchema, { operationId: field('operationId'), kind: field('kind') });
    planId = (await startPlan(actor, values, today())).planId;
    revalidatePath('/dashboard');
  } catch (err) {
    return toActionError(err).message;
  }
  redirect(`/plans/${planId}/edit`);
}


/** The owner lets a preparer (by the email of their preparer account) file for this operation. */
export const grantAccessAction = defineAction({ input: grantAccessSchema, capability: 'operation.grant_access' }, async ({ actor, input: values }): Promise<ActionResult> => {
  await grantAccess(actor, values);
  revalidatePath(`/operations/${values.operationId}`);
  return { ok: true, data: undefined, message: `${values.email} can now prepare and submit plans for this operation.` };
});

export const revokeAccessAction = defineAction({ input: revokeGrantSchema, capability: 'operation.revoke_access' }, async ({ actor, input: values }): Promise<ActionResult> => {
  await revokeAccess(actor, values);
  revalidatePath(`/operations/${values.operationId}`);
  return { ok: true, data: undefined, message: 'Access removed.' };
});

/** Iowa Code 459A.103: an operation's structure added, corrected or marked abandoned. */
export const saveStructureAction = defineAction({ input: () => structureSchema(today()), capability: 'structure.edit' }, async ({ actor, input: values }): Promise<ActionResult<{ id: string }>> => {
  const { id } = await saveStructure(actor, values);
  revalidatePath(`/operations/${values.operationId}`);
  revalidatePath('/review/feedlots');
  return { ok: true, data: { id }, message: values.structureId ? `Saved ${values.name}.` : `Added ${values.name}.` };
});

/** Iowa Code 459A.103(1)"a": the effluent disposal area or system an open feedlot shares with others. */
export const setEffluentSystemAction = defineAction({ input: effluentSystemSchema, capability: 'structure.edit' }, async ({ actor, input: values }): Promise<ActionResult> => {
  await setEffluentSystem(actor, values);
  revalidatePath(`/operations/${values.operationId}`);
  revalidatePath('/review/feedlots');
  return { ok: true, data: undefined, message: 'Saved the effluent disposal area or system.' };
});

function revalidateControl(operationId: string) {
  revalidatePath(`/operations/${operationId}`);
  revalidatePath('/review/feedlots');
}

/** Iowa Code 459A.103(1)"c": an ownership interest in the operation. */
export const addInterestAction = defineAction({ input: interestSchema, capability: 'structure.edit' }, async ({ actor, input: values }): Promise<ActionResult<{ id: string }>> => {
  const { id } = await addInterest(actor, values);
  revalidateControl(values.operationId);
  return { ok: true, data: { id }, message: `Recorded ${values.name}’s interest.` };
});

/** Iowa Code 459A.103(1)"d": who manages the operation. */
export const addManagerAction = defineAction({ input: managerSchema, capability: 'structure.edit' }, async ({ actor, input: values }): Promise<ActionResult<{ id: string }>> => {
  const { id } = await addManager(actor, values);
  revalidateControl(values.operationId);
  return { ok: true, data: { id }, message: `Recorded ${values.name} as managing the operation.` };
});

/** Iowa Code 459A.103(1)"c"(2): a spouse or dependent child whose interests count as the person's own. */
export const addFamilyLinkAction = defineAction({ input: familyLinkSchema, capability: 'structure.edit' }, async ({ actor, input: values }): Promise<ActionResult<{ id: string }>> => {
  const { id } = await addFamilyLink(actor, values);
  revalidateControl(values.operationId);
  return { ok: true, data: { id }, message: `Recorded ${values.relativeName} as ${values.personName}’s ${values.relation === 'spouse' ? 'spouse' : 'dependent child'}.` };
});

export const removeControlAction = defineAction({ input: removeControlSchema, capability: 'structure.edit' }, async ({ actor, input: values }): Promise<ActionResult> => {
  await removeControl(actor, values);
  revalidateControl(values.operationId);
  return { ok: true, data: undefined, message: 'Removed.' };
});

// CROMERR signing authority: the owner of record names who else may sign this operation's plans.
export const nameSignatoryAction = defineAction({ input: nameSignatorySchema, capability: 'signatory.manage' }, async ({ actor, input: values }): Promise<ActionResult> => {
  await nameSignatory(actor, values);
  revalidatePath(`/operations/${values.operationId}`);
  return { ok: true, data: undefined, message: `${values.email} may now sign this operation’s plans, as ${values.capacity}.` };
});

export const revokeSignatoryAction = defineAction({ input: revokeSignatorySchema, capability: 'signatory.manage' }, async ({ actor, input: values }): Promise<ActionResult> => {
  const { name } = await revokeSignatory(actor, values);
  revalidatePath(`/operations/${values.operationId}`);
  return { ok: true, data: undefined, message: `${name} may no longer sign this operation’s plans.` };
});
