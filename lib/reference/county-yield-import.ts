import 'server-only';
import { authorize } from '@/lib/auth/policy';
import { iowaDateOf } from '@/lib/clock';
import type { Actor } from '@/lib/auth/roles';
import { checkImport, getImportRun } from '@/lib/imports/runs';
import { notFoundError } from '@/lib/errors';
import { parseOrThrow } from '@/lib/validation/parse';
import { countyYieldImportSchema } from '@/lib/validation/reference-tables';
import { readImportOptions } from './county-yields-kind';

// A county average yield file: the admin states its source, effective date and whether the
// department confirmed it; the file is checked (a dry run: nothing written), then applied.

/** The dry run of a county yield file (admin only); returns the run to preview. */
export async function checkCountyYieldFile(actor: Actor, input: { filename: string; bytes: Uint8Array; options: unknown }): Promise<string> {
  await authorize(actor, 'import.run');
  const options = parseOrThrow(countyYieldImportSchema, input.options);
  return checkImport(actor, { kind: 'county_yields', filename: input.filename, bytes: input.bytes, options });
}

/** A county yield run with the options it was checked with; another kind of run is not found here. */
export async function getCountyYieldRun(actor: Actor, runId: string) {
  const run = await getImportRun(actor, runId);
  if (run.kind !== 'county_yields') throw notFoundError();
  return { ...run, chosen: readImportOptions(run.options, iowaDateOf(run.createdAt)) };
}
