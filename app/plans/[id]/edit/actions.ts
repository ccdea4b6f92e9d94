'use server';

import { revalidatePath } from 'next/cache';
import { today } from '@/lib/clock';
import { defineAction, NO_INPUT } from '@/lib/actions/define';
import type { ActionResult } from '@/lib/errors';
import { kickDelivery } from '@/lib/notifications/deliver';
import { removeAttachment } from '@/lib/plans/attachments';
import { getDraftState, saveDraft } from '@/lib/plans/drafts';
import { submitPlan } from '@/lib/plans/submit';
import { publicOrigin } from '@/lib/env';
import { planRefSchema, removeAttachmentSchema, saveDraftSchema, submitPlanSchema } from '@/lib/validation/plans';
import { statementRequestSchema } from '@/lib/validation/statements';
import { requestLandownerStatement } from '@/lib/statements/statements';
import type { StatementSummary } from '@/lib/plans/statement-check';
import { requestSignature, signingPreview } from '@/lib/plans/signing';
import { requestSignatureSchema } from '@/lib/validation/signing';
import type { SigningPreviewData } from '@/components/plan/wizard/signing-panel';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { passkeyRequestOptions } from '@/lib/auth/passkeys';
import { AppError } from '@/lib/errors';

// The plan form's actions: parse -> authorize (inside the service) -> act -> revalidate.

export const saveDraftAction = defineAction({ input: saveDraftSchema, capability: 'plan.save_draft' }, async ({ actor, input: values }): Promise<ActionResult<{ version: number; savedAt: string }>> => {
  const saved = await saveDraft(actor, values);
  return { ok: true, data: { version: saved.version, savedAt: saved.savedAt.toISOString() } };
});

export const peekDraftAction = defineAction({ input: planRefSchema, capability: 'plan.save_draft' }, async ({ actor, input: { planId } }): Promise<ActionResult<{ version: number; draft: unknown; editable: boolean }>> => {
  return { ok: true, data: await getDraftState(actor, planId) };
});

export const submitPlanAction = defineAction({ input: submitPlanSchema, capability: 'plan.submit' }, async ({ actor, input: values }): Promise<ActionResult<{ planId: string; submittedOn: string }>> => {
  const { planId, version, idempotencyKey, documentSha256, password, code, passkey, certificationVersion } = values;
  const result = await submitPlan(actor, { planId, version, idempotencyKey, signature: { password, code, passkey, documentSha256, certificationVersion } }, { today: today(), origin: publicOrigin() });
  kickDelivery();
  revalidatePath(`/plans/${values.planId}`);
  revalidatePath('/dashboard');
  return { ok: true, data: { planId: result.planId, submittedOn: result.submittedOn } };
});

/** The signing step's content: the plan as it would be filed with its SHA-256, the certification, and where the signer stands. */
export const signingPreviewAction = defineAction({ input: planRefSchema, capability: 'plan.submit' }, async ({ actor, input: { planId } }): Promise<ActionResult<SigningPreviewData>> => {
  const p = await signingPreview(actor, planId, today());
  return { ok: true, data: { ...p, readiness: { ...p.readiness, lockedUntil: p.readiness.lockedUntil?.toISOString() ?? null } } };
});

/** A challenge for one of the signer's passkeys, to sign with instead of a code. */
export const signingPasskeyOptionsAction = defineAction({ input: NO_INPUT, capability: 'plan.submit' }, async ({ actor }): Promise<ActionResult<PublicKeyCredentialRequestOptionsJSON>> => {
  const options = await passkeyRequestOptions(actor.id, 'signing');
  if (!options) throw new AppError('CONFLICT', 'No passkey is set up for your account. Type the code from your authenticator app.');
  return { ok: true, data: options };
});

/** A preparer who may not sign sends the plan to those who may. */
export const requestSignatureAction = defineAction({ input: requestSignatureSchema, capability: 'plan.submit' }, async ({ actor, input: values }): Promise<ActionResult<{ sentTo: string[] }>> => {
  const result = await requestSignature(actor, values, { origin: publicOrigin() });
  kickDelivery();
  return { ok: true, data: result, message: `Sent to ${result.sentTo.join(', ')} to be signed.` };
});

export const removeAttachmentAction = defineAction({ input: removeAttachmentSchema, capability: 'plan.upload_attachment' }, async ({ actor, input: values }): Promise<ActionResult> => {
  await removeAttachment(actor, values);
  return { ok: true, data: undefined, message: 'File removed.' };
});

/** DNR form 542-8167: emails the landowner a link to confirm the statement of intent for one agreement row. */
export const requestStatementAction = defineAction({ input: statementRequestSchema, capability: 'plan.save_draft' }, async ({ actor, input: values }): Promise<ActionResult<StatementSummary>> => {
  const statement = await requestLandownerStatement(actor, values, { origin: publicOrigin() });
  kickDelivery();
  return { ok: true, data: statement, message: `Sent to ${statement.landownerEmail}.` };
});
