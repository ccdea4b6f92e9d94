'use server';

import { revalidatePath } from 'next/cache';
import { actorOrThrow } from '@/lib/auth/session';
import { today } from '@/lib/clock';
import { runAction } from '@/lib/actions/run-action';
import type { ActionResult } from '@/lib/errors';
import { kickDelivery } from '@/lib/notifications/deliver';
import { removeAttachment } from '@/lib/plans/attachments';
import { getDraftState, saveDraft } from '@/lib/plans/drafts';
import { submitPlan } from '@/lib/plans/submit';
import { publicOrigin } from '@/lib/env';
import { parseOrThrow } from '@/lib/validation/parse';
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

export async function saveDraftAction(input: unknown): Promise<ActionResult<{ version: number; savedAt: string }>> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const values = parseOrThrow(saveDraftSchema, input);
    const saved = await saveDraft(actor, values);
    return { ok: true, data: { version: saved.version, savedAt: saved.savedAt.toISOString() } };
  });
}

export async function peekDraftAction(input: unknown): Promise<ActionResult<{ version: number; draft: unknown; editable: boolean }>> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const { planId } = parseOrThrow(planRefSchema, input);
    return { ok: true, data: await getDraftState(actor, planId) };
  });
}

export async function submitPlanAction(input: unknown): Promise<ActionResult<{ planId: string; submittedOn: string }>> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const values = parseOrThrow(submitPlanSchema, input);
    const { planId, version, idempotencyKey, documentSha256, password, code, passkey, certificationVersion } = values;
    const result = await submitPlan(actor, { planId, version, idempotencyKey, signature: { password, code, passkey, documentSha256, certificationVersion } }, { today: today(), origin: publicOrigin() });
    kickDelivery();
    revalidatePath(`/plans/${values.planId}`);
    revalidatePath('/dashboard');
    return { ok: true, data: { planId: result.planId, submittedOn: result.submittedOn } };
  });
}

/** The signing step's content: the plan as it would be filed with its SHA-256, the certification, and where the signer stands. */
export async function signingPreviewAction(input: unknown): Promise<ActionResult<SigningPreviewData>> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const { planId } = parseOrThrow(planRefSchema, input);
    const p = await signingPreview(actor, planId, today());
    return { ok: true, data: { ...p, readiness: { ...p.readiness, lockedUntil: p.readiness.lockedUntil?.toISOString() ?? null } } };
  });
}

/** A challenge for one of the signer's passkeys, to sign with instead of a code. */
export async function signingPasskeyOptionsAction(): Promise<ActionResult<PublicKeyCredentialRequestOptionsJSON>> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const options = await passkeyRequestOptions(actor.id, 'signing');
    if (!options) throw new AppError('CONFLICT', 'No passkey is set up for your account. Type the code from your authenticator app.');
    return { ok: true, data: options };
  });
}

/** A preparer who may not sign sends the plan to those who may. */
export async function requestSignatureAction(input: unknown): Promise<ActionResult<{ sentTo: string[] }>> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const values = parseOrThrow(requestSignatureSchema, input);
    const result = await requestSignature(actor, values, { origin: publicOrigin() });
    kickDelivery();
    return { ok: true, data: result, message: `Sent to ${result.sentTo.join(', ')} to be signed.` };
  });
}

export async function removeAttachmentAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const values = parseOrThrow(removeAttachmentSchema, input);
    await removeAttachment(actor, values);
    return { ok: true, data: undefined, message: 'File removed.' };
  });
}

/** DNR form 542-8167: emails the landowner a link to confirm the statement of intent for one agreement row. */
export async function requestStatementAction(input: unknown): Promise<ActionResult<StatementSummary>> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const values = parseOrThrow(statementRequestSchema, input);
    const statement = await requestLandownerStatement(actor, values, { origin: publicOrigin() });
    kickDelivery();
    return { ok: true, data: statement, message: `Sent to ${statement.landownerEmail}.` };
  });
}
