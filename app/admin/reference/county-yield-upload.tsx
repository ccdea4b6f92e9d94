'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Checkbox } from '@/components/checkbox';
import { DateField } from '@/components/date-field';
import { TextField } from '@/components/text-field';
import { countyYieldImportSchema } from '@/lib/validation/reference-tables';
import { isProblem, problemFieldErrors, type ProblemBody } from '@/lib/http/problem-body';

type Errors = Partial<Record<'file' | 'source' | 'effectiveFrom', string>>;

/** Uploads a county average yield file for its dry run; what was typed stays when it is refused. */
export function CountyYieldUpload({ today }: { today: string }) {
  const router = useRouter();
  const [source, setSource] = useState('');
  const [effectiveFrom, setEffectiveFrom] = useState(today);
  const [confirmed, setConfirmed] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (ev: FormEvent<HTMLFormElement>) => {
    ev.preventDefault();
    setMessage(null);
    const file = (ev.currentTarget.elements.namedItem('file') as HTMLInputElement | null)?.files?.[0];
    const parsed = countyYieldImportSchema.safeParse({ source, effectiveFrom, confirmed });
    const found: Errors = {};
    if (!file) found.file = 'Choose a CSV file to upload';
    if (!parsed.success) for (const i of parsed.error.issues) found[i.path[0] as keyof Errors] ??= i.message;
    setErrors(found);
    if (Object.keys(found).length || !file) return;
    const body = new FormData();
    body.set('file', file);
    body.set('source', source);
    body.set('effectiveFrom', effectiveFrom);
    body.set('confirmed', confirmed ? 'true' : 'false');
    setBusy(true);
    const res = await fetch('/api/admin/reference/county-yields', { method: 'POST', body }).catch(() => null);
    const json = res ? ((await res.json().catch(() => null)) as { ok: true; id: string } | ProblemBody | null) : null;
    setBusy(false);
    if (res?.ok && json && 'id' in json) return router.push(`/admin/reference/imports/${json.id}`);
    const refused = isProblem(json) ? json : null;
    setErrors(Object.fromEntries(Object.entries(refused ? problemFieldErrors(refused) : {}).map(([k, v]) => [k, v[0]])) as Errors);
    setMessage(refused?.detail ?? 'We could not reach the portal. Try again.');
  };

  return (
    <form onSubmit={submit} noValidate className="usa-form usa-form--large" aria-label="Import county average yields">
      {message ? <Alert type="error" role="alert" slim>{message}</Alert> : null}
      <TextField
        label="CSV file"
        hint="Columns county, crop, yield, unit, years (county by name or FIPS code; unit bu or tons; years like 2019-2023). Saved as “CSV UTF-8”."
        type="file"
        name="file"
        accept=".csv,text/csv"
        required
        error={errors.file}
      />
      <TextField label="Source" hint="The table the figures come from, e.g. DNR form 542-4000a, Appendix A, with its date." required value={source} onChange={(e) => setSource(e.target.value)} error={errors.source} />
      <DateField label="In force from" required value={effectiveFrom} onChange={(e) => setEffectiveFrom(e.target.value)} error={errors.effectiveFrom} />
      <Checkbox label="Confirmed by the department" hint="Leave unticked unless the department has confirmed this table; its figures are shown as unconfirmed wherever they are used." checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />
      <Button type="submit" className="margin-top-2" disabled={busy}>{busy ? 'Checking…' : 'Check the file'}</Button>
    </form>
  );
}
