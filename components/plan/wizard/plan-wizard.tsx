'use client';

import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/button';
import { StepIndicator } from '@/components/step-indicator';
import type { ActionResult } from '@/lib/errors';
import { checkPlan } from '@/lib/plans/completeness';
import { newUuid } from '@/lib/plans/document/ids';
import type { PlanDraft } from '@/lib/plans/document/types';
import type { PlanEditorData } from '@/lib/plans/editor';
import { feePreview, withIndemnity } from '@/lib/plans/fees';
import { STEP_IDS, STEP_LABELS, stepsFor, type DataStepId, type StepId } from '@/lib/plans/steps';
import { toNumber } from '@/lib/validation/operations';
import type { UploadedFile } from '../file-upload';
import { clearLocalCopy } from './local-copy';
import { RestoreOffer } from './restore-offer';
import { SaveStatus } from './save-status';
import { StepBody } from './step-body';
import { useAutosave } from './use-autosave';
import { LiveChanges } from './live-changes';
import type { RequestStatement } from '../landowner-statement';
import type { StepHandle } from './use-step-form';
import type { SignValues, SigningPanel, SigningPreviewData } from './signing-panel';
import type { ComponentProps } from 'react';

export type WizardActions = {
  save: (input: unknown) => Promise<ActionResult<{ version: number; savedAt: string }>>;
  peek: (input: unknown) => Promise<ActionResult<{ version: number; draft: unknown; editable: boolean }>>;
  submit: (input: unknown) => Promise<ActionResult<{ planId: string; submittedOn: string }>>;
  signingPreview: (input: unknown) => Promise<ActionResult<SigningPreviewData>>;
  requestSignature: (input: unknown) => Promise<ActionResult<{ sentTo: string[] }>>;
  signingPasskeyOptions: ComponentProps<typeof SigningPanel>['passkeyOptions'];
  removeFile: (input: unknown) => Promise<ActionResult>;
  requestStatement: RequestStatement;
};

const clone = <T,>(v: T): T => JSON.parse(JSON.stringify(v ?? {})) as T;

/** The MMP form: one step at a time, saved as typed, checked by the same schemas as the server. */
export function PlanWizard({ data, actions, initialStep }: { data: PlanEditorData; actions: WizardActions; initialStep: StepId | null }) {
  const router = useRouter();
  const planId = data.plan.id;
  const [draft, setDraft] = useState<PlanDraft>(data.draft);
  const draftRef = useRef(draft);
  const [files, setFiles] = useState<UploadedFile[]>(data.attachments);
  const [formKey, setFormKey] = useState(0);
  const autosave = useAutosave(planId, { version: data.plan.version, savedAt: data.plan.draftSavedAt }, actions.save, actions.peek);
  const handle = useRef<StepHandle | null>(null);
  const heading = useRef<HTMLDivElement>(null);
  const idempotencyKey = useRef<string>('');
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);

  const context = {
    kind: data.plan.kind,
    today: data.today,
    designStatementApplies: data.designStatementApplies,
    attachments: files.map((f) => ({ id: f.id, kind: f.kind })),
    contractorMissing: data.operation.contractorMissing,
    operationEditHref: `/operations/${data.operation.id}/edit`,
    previous: data.previous,
    countyName: (fips: string) => data.counties.find((c) => c.fips === fips)?.name ?? fips,
    // The same tables and landowners' statements the server's check reads, so both refuse alike.
    referenceTables: data.referenceTables,
    statements: data.statements,
  };
  const check = checkPlan(draft, context);
  const updateKind = typeof draft.update?.updateKind === 'string' ? draft.update.updateKind : null;
  const steps = stepsFor({ kind: data.plan.kind, updateKind });
  // A step is complete when nothing in it is missing. A plan just started opens on its first step;
  // one the owner comes back to opens on the first step she has not completed, where she stopped.
  const stepComplete = (s: StepId) => s !== 'review' && !check.missing.some((m) => m.step === s && !m.href);
  const [step, setStep] = useState<StepId>(() => {
    if (initialStep && steps.includes(initialStep)) return initialStep;
    if (data.plan.version <= 1) return steps[0]!;
    return steps.find((s) => !stepComplete(s)) ?? 'review';
  });
  const index = Math.max(0, steps.indexOf(step));

  useEffect(() => {
    idempotencyKey.current ||= newUuid();
    // The step opened is in the address from the start, so a reload comes back to it.
    if (!new URLSearchParams(window.location.search).has('step')) window.history.replaceState(null, '', `?step=${step}`);
    // Only on opening: later steps are written by show().
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const { queue } = autosave;
  const change = useCallback(
    (id: DataStepId, values: Record<string, unknown>) => {
      const next = { ...draftRef.current, [id]: clone(values) };
      draftRef.current = next;
      setDraft(next);
      queue(next);
    },
    [queue],
  );
  const onChange = useMemo(
    () => Object.fromEntries(STEP_IDS.map((id) => [id, (v: Record<string, unknown>) => change(id as DataStepId, v)])) as Record<DataStepId, (v: Record<string, unknown>) => void>,
    [change],
  );

  const show = useCallback(
    (next: StepId) => {
      setStep(next);
      window.history.replaceState(null, '', `?step=${next}`);
      void autosave.flush();
      requestAnimationFrame(() => heading.current?.focus());
    },
    [autosave],
  );

  const goTo = (target: StepId, href?: string) => (href ? router.push(href) : show(target));
  const next = async () => {
    if (handle.current && !(await handle.current.validate())) return;
    const following = stepsFor({ kind: data.plan.kind, updateKind: typeof draftRef.current.update?.updateKind === 'string' ? draftRef.current.update.updateKind : null });
    show(following[following.indexOf(step) + 1] ?? 'review');
  };

  const restore = useCallback(
    (copy: PlanDraft) => {
      draftRef.current = copy;
      setDraft(copy);
      setFormKey((k) => k + 1);
      queue(copy);
    },
    [queue],
  );

  const NOT_SAVED = 'Your latest changes are not saved yet (see the message at the top). Once they are, try again.';
  // The signing step reads the plan as saved on the server: what is typed is saved first.
  const prepareSigning = useCallback(async (): Promise<ActionResult<SigningPreviewData> | null> => {
    if (!(await autosave.flush())) return { ok: false, code: 'CONFLICT', message: NOT_SAVED };
    return actions.signingPreview({ planId });
  }, [autosave, actions, planId]);

  const submit = async (values: SignValues): Promise<ActionResult<unknown> | null> => {
    setSubmitting(true);
    setSubmitError(null);
    const saved = await autosave.flush();
    if (!saved) {
      setSubmitting(false);
      setSubmitError(NOT_SAVED);
      return null;
    }
    const result = await actions.submit({ planId, version: autosave.version(), idempotencyKey: idempotencyKey.current, certify: true, ...values }).catch(() => null);
    if (!result) {
      setSubmitting(false);
      setSubmitError('We could not confirm the submission: check your connection and sign again. Submitting again is safe; the plan is filed only once.');
      return null;
    }
    if (result.ok) {
      clearLocalCopy(planId);
      router.push(`/plans/${planId}`);
      router.refresh();
      return null;
    }
    setSubmitting(false);
    // The signing fields' errors go on the fields; anything else the plan still lacks is listed.
    const others = Object.entries(result.fieldErrors ?? {}).filter(([k]) => !['password', 'code', 'passkey', 'certify'].includes(k));
    if (others.length) {
      setSubmitError([result.message, ...others.flatMap(([, m]) => m)].join(' '));
      return null;
    }
    return result;
  };

  const stated = toNumber(draft.update?.statedAnimalUnitCapacity);
  const statedNumber = typeof stated === 'number' && Number.isFinite(stated) ? stated : null;
  const animalUnits = data.plan.kind === 'annual_update' && statedNumber !== null ? statedNumber : data.operation.animalUnitCapacity;
  // IAC 567-65.110(3)"c": an update's fee follows the capacity it states, so a blank one asks for it.
  const feeCapacity = data.plan.kind === 'annual_update' ? statedNumber : animalUnits;

  return (
    <>
      <div className="position-sticky top-0 bg-white z-100 border-bottom-1px border-base-lighter">
        <SaveStatus state={autosave.state} signInHref={`/sign-in?callbackUrl=${encodeURIComponent(`/plans/${planId}/edit`)}`} />
      </div>
      <RestoreOffer planId={planId} serverDraft={data.draft} serverVersion={data.plan.version} onRestore={restore} />
      <div ref={heading} tabIndex={-1} className="outline-0">
        <StepIndicator steps={steps.map((s) => STEP_LABELS[s])} currentStep={index + 1} complete={steps.map(stepComplete)} counters />
      </div>
      {data.plan.kind === 'annual_update' && data.previous && updateKind !== 'no_change_statement' && step !== 'review' && step !== 'update' ? (
        <LiveChanges previous={data.previous} draft={draft} countyName={context.countyName} />
      ) : null}
      <div key={`${step}-${formKey}`}>
        {step === 'review' ? (
          <StepBody.Review
            check={check}
            draft={draft}
            files={files}
            steps={steps}
            kind={data.plan.kind}
            animalUnits={animalUnits}
            fees={withIndemnity(
              feePreview({ kind: data.plan.kind, constructionPermitStatus: data.operation.constructionPermitStatus, statedAnimalUnitCapacity: feeCapacity, contractProducer: data.operation.contractProducer, safoInForce: data.operation.safoInForce }),
              data.indemnityFee,
            )}
            operationCountyFips={data.operation.countyFips}
            counties={data.counties}
            referenceTables={data.referenceTables}
            today={data.today}
            safoInForce={data.operation.safoInForce}
            manureRemoval={data.manureRemoval}
            statements={data.statements}
            submitting={submitting}
            submitError={submitError}
            goTo={goTo}
            signing={{ prepare: prepareSigning, requestSignature: actions.requestSignature, sign: submit, passkeyOptions: actions.signingPasskeyOptions }}
          />
        ) : (
          <StepBody.Data
            step={step}
            data={data}
            draft={draft}
            files={files}
            setFiles={setFiles}
            onChange={onChange[step]}
            handle={handle}
            removeFile={actions.removeFile}
            requestStatement={actions.requestStatement}
          />
        )}
      </div>
      <div className="margin-top-4 border-top-1px border-base-lighter padding-top-2">
        {index > 0 ? (
          <Button variant="outline" onClick={() => show(steps[index - 1]!)}>
            Back
          </Button>
        ) : null}
        {step !== 'review' ? <Button onClick={() => void next()}>Save and continue</Button> : null}
        <Button
          variant="unstyled"
          className="margin-left-1"
          onClick={async () => {
            await autosave.flush();
            router.push(`/plans/${planId}`);
          }}
        >
          Save and finish later
        </Button>
      </div>
    </>
  );
}
