'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm, useWatch, type FieldValues, type UseFormSetError } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { applyActionResult } from '@/components/forms/apply-result';
import { formResolver } from '@/components/forms/form-resolver';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import type { ActionResult } from '@/lib/errors';
import type { ControlRecords } from '@/lib/feedlots/control';
import {
  familyLinkSchema, INTEREST_KIND_LABELS, interestSchema, MANAGEMENT_KIND_LABELS, managerSchema, PARTY_KIND_LABELS, RELATION_LABELS,
} from '@/lib/validation/feedlot-control';

// "Who owns and manages this operation" (Iowa Code 459A.103(1)"c", "d"): what is recorded, each with a
// Remove button, and the three small forms that add to it. What was typed stays when the portal refuses.

type Action = (input: unknown) => Promise<ActionResult<{ id: string }>>;
type Props = {
  operationId: string;
  records: ControlRecords;
  canEdit: boolean;
  addInterest: Action;
  addManager: Action;
  addFamilyLink: Action;
  remove: (input: unknown) => Promise<ActionResult>;
};

const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));
const UNREACHABLE = 'We could not reach the portal. Nothing was saved; try again.';

function percent(share: number | null): string {
  return `${Math.round((share ?? 0) * 1000) / 10}%`;
}

/** Submits, shows the answer, keeps what was typed on a refusal and clears the form on success. */
function useSubmit<T extends FieldValues>(action: Action, setError: UseFormSetError<T>, onSaved: () => void) {
  const router = useRouter();
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const submit = async (values: T) => {
    setNote(null);
    const r = await action(values).catch(() => null);
    if (!r) return setNote({ ok: false, text: UNREACHABLE });
    if (!r.ok) return setNote({ ok: false, text: applyActionResult(r, setError) ?? r.message });
    setNote({ ok: true, text: r.message ?? 'Saved.' });
    onSaved();
    router.refresh();
  };
  const shown = note ? <Alert type={note.ok ? 'success' : 'error'} role={note.ok ? 'status' : 'alert'} slim>{note.text}</Alert> : null;
  return { submit, shown };
}

type InterestValues = { operationId: string; name: string; partyKind: string; kind: string; equityPercent: string };
function InterestForm({ operationId, action }: { operationId: string; action: Action }) {
  const defaults: InterestValues = { operationId, name: '', partyKind: 'person', kind: '', equityPercent: '' };
  const { register, handleSubmit, setError, reset, control, formState } = useForm<InterestValues>({ resolver: formResolver(interestSchema, { raw: true }), defaultValues: defaults });
  const { submit, shown } = useSubmit(action, setError, () => reset(defaults));
  const kind = useWatch({ control, name: 'kind' });
  const e = formState.errors;
  return (
    <form className="usa-form maxw-full" onSubmit={handleSubmit(submit)} noValidate aria-label="Add an ownership interest">
      {shown}
      <input type="hidden" {...register('operationId')} />
      <TextField id={`interest-name-${operationId}`} label="Name of the person or business" required error={e.name?.message} {...register('name')} />
      <SelectField id={`interest-party-${operationId}`} label="Person or business" required placeholder={null} options={options(PARTY_KIND_LABELS)} error={e.partyKind?.message} {...register('partyKind')} />
      <SelectField id={`interest-kind-${operationId}`} label="Kind of interest" required options={options(INTEREST_KIND_LABELS)} error={e.kind?.message} {...register('kind')} />
      {kind === 'equity' ? (
        <TextField id={`interest-share-${operationId}`} label="Equity share (percent)" hint="From 0 to 100, for example 60. More than half is a majority interest." inputMode="decimal" width="sm" required
          error={e.equityPercent?.message} {...register('equityPercent')} />
      ) : null}
      <Button type="submit" variant="outline" disabled={formState.isSubmitting}>{formState.isSubmitting ? 'Saving…' : 'Add the interest'}</Button>
    </form>
  );
}

type ManagerValues = { operationId: string; name: string; partyKind: string; kind: string };
function ManagerForm({ operationId, action }: { operationId: string; action: Action }) {
  const defaults: ManagerValues = { operationId, name: '', partyKind: 'person', kind: '' };
  const { register, handleSubmit, setError, reset, formState } = useForm<ManagerValues>({ resolver: formResolver(managerSchema, { raw: true }), defaultValues: defaults });
  const { submit, shown } = useSubmit(action, setError, () => reset(defaults));
  const e = formState.errors;
  return (
    <form className="usa-form maxw-full" onSubmit={handleSubmit(submit)} noValidate aria-label="Add a manager">
      {shown}
      <input type="hidden" {...register('operationId')} />
      <TextField id={`manager-name-${operationId}`} label="Name of the person or business" required error={e.name?.message} {...register('name')} />
      <SelectField id={`manager-party-${operationId}`} label="Person or business" required placeholder={null} options={options(PARTY_KIND_LABELS)} error={e.partyKind?.message} {...register('partyKind')} />
      <SelectField id={`manager-kind-${operationId}`} label="Kind of management" required options={options(MANAGEMENT_KIND_LABELS)} error={e.kind?.message} {...register('kind')} />
      <Button type="submit" variant="outline" disabled={formState.isSubmitting}>{formState.isSubmitting ? 'Saving…' : 'Add the manager'}</Button>
    </form>
  );
}

type LinkValues = { operationId: string; personName: string; relativeName: string; relation: string };
function FamilyLinkForm({ operationId, action }: { operationId: string; action: Action }) {
  const defaults: LinkValues = { operationId, personName: '', relativeName: '', relation: '' };
  const { register, handleSubmit, setError, reset, formState } = useForm<LinkValues>({ resolver: formResolver(familyLinkSchema, { raw: true }), defaultValues: defaults });
  const { submit, shown } = useSubmit(action, setError, () => reset(defaults));
  const e = formState.errors;
  return (
    <form className="usa-form maxw-full" onSubmit={handleSubmit(submit)} noValidate aria-label="Add a family link">
      {shown}
      <input type="hidden" {...register('operationId')} />
      <TextField id={`link-person-${operationId}`} label="Person" hint="Someone who holds an interest in or manages this operation, or their relative" required error={e.personName?.message} {...register('personName')} />
      <TextField id={`link-relative-${operationId}`} label="Relative" required error={e.relativeName?.message} {...register('relativeName')} />
      <SelectField id={`link-relation-${operationId}`} label="The relative is the person’s" required options={options(RELATION_LABELS)} error={e.relation?.message} {...register('relation')} />
      <Button type="submit" variant="outline" disabled={formState.isSubmitting}>{formState.isSubmitting ? 'Saving…' : 'Add the family link'}</Button>
    </form>
  );
}

export function ControlSection({ operationId, records, canEdit, addInterest, addManager, addFamilyLink, remove }: Props) {
  const router = useRouter();
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const removeButton = (what: 'interest' | 'manager' | 'link', id: string, label: string) =>
    canEdit ? (
      <Button variant="outline" className="margin-left-1 margin-top-05 padding-y-1 padding-x-105" aria-label={label}
        onClick={async () => {
          setNote(null);
          const r = await remove({ operationId, what, id }).catch(() => null);
          setNote(r?.ok ? { ok: true, text: `${label.replace(/^Remove/, 'Removed')}.` } : { ok: false, text: r?.message ?? UNREACHABLE });
          if (r?.ok) router.refresh();
        }}>
        Remove
      </Button>
    ) : null;
  const { interests, managers, links } = records;
  return (
    <section aria-labelledby={`control-heading-${operationId}`} className="margin-top-3">
      <h3 id={`control-heading-${operationId}`}>Who owns and manages this operation</h3>
      <p className="usa-hint">
        Iowa Code 459A.103(1)“c” and “d”. With no interest recorded, the owner on record is taken as sole proprietor; once one is recorded, only what is
        recorded counts, so record the owner’s own interest too. A spouse’s or dependent child’s interest counts as the person’s own.
      </p>
      {note ? <Alert type={note.ok ? 'success' : 'error'} role={note.ok ? 'status' : 'alert'} slim>{note.text}</Alert> : null}
      <h4>Ownership interests</h4>
      {interests.length ? (
        <ul className="usa-list">
          {interests.map((i) => (
            <li key={i.id}>
              {i.name}: {INTEREST_KIND_LABELS[i.kind].replace(/ \(.*\)$/, '').toLowerCase()}{i.kind === 'equity' ? ` of ${percent(i.equityShare)}` : ''}
              {removeButton('interest', i.id, `Remove ${i.name}’s interest`)}
            </li>
          ))}
        </ul>
      ) : <p>None recorded.</p>}
      <h4>Management</h4>
      {managers.length ? (
        <ul className="usa-list">
          {managers.map((m) => (
            <li key={m.id}>
              {m.name}: {MANAGEMENT_KIND_LABELS[m.kind].toLowerCase()}
              {removeButton('manager', m.id, `Remove ${m.name} as manager`)}
            </li>
          ))}
        </ul>
      ) : <p>None recorded.</p>}
      <h4>Family links</h4>
      {links.length ? (
        <ul className="usa-list">
          {links.map((l) => (
            <li key={l.id}>
              {l.relativeName} is {l.personName}’s {RELATION_LABELS[l.relation].toLowerCase()}
              {removeButton('link', l.id, `Remove the family link between ${l.personName} and ${l.relativeName}`)}
            </li>
          ))}
        </ul>
      ) : <p>None recorded.</p>}
      {canEdit ? (
        <>
          <details className="margin-top-2">
            <summary>Add an ownership interest</summary>
            <InterestForm operationId={operationId} action={addInterest} />
          </details>
          <details className="margin-top-1">
            <summary>Add a manager</summary>
            <ManagerForm operationId={operationId} action={addManager} />
          </details>
          <details className="margin-top-1">
            <summary>Add a family link (spouse or dependent child)</summary>
            <FamilyLinkForm operationId={operationId} action={addFamilyLink} />
          </details>
        </>
      ) : null}
    </section>
  );
}
