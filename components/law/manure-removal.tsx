import { manureRemovalWords, type ManureRemovalAnswer } from '@/lib/plans/in-force';
import { latestParameter } from '@/lib/rules';
import { Unconfirmed } from './unconfirmed';

/** IAC 567-65.110(5) in a table cell. */
export function ManureRemovalCell({ allowed, until }: { allowed: boolean; until?: string | null }) {
  if (allowed && until) return <strong>{manureRemovalWords(true, until)} (IAC 567-65.110(1)&quot;d&quot;)</strong>;
  return allowed ? <>{manureRemovalWords(true)} (IAC 567-65.110(5))</> : <strong>{manureRemovalWords(false)} (IAC 567-65.110(5))</strong>;
}

/** IAC 567-65.110(5) in full: the answer, why, and the reading used (flagged until the department confirms it). */
export function ManureRemovalStatement({ answer, staff = false }: { answer: ManureRemovalAnswer; staff?: boolean }) {
  return (
    <>
      Manure removal from storage: {answer.allowed ? <strong>allowed</strong> : <strong>not allowed</strong>}. {answer.reason} ({answer.citation})
      {answer.reading.confirmed || !staff ? null : <Unconfirmed what="This reading of the rule" source={answer.reading.source} />}
    </>
  );
}

/** Under a table of answers: the reading the answers rest on, with its citation and flag. */
export function ManureRemovalReadingNote({ staff = false }: { staff?: boolean }) {
  const reading = latestParameter('reading.approved_plan_in_force');
  return (
    <p className="font-body-xs text-base-dark measure-5">
      Manure removal (IAC 567-65.110(5)): manure may not be removed from storage until the department has approved the plan. {reading.value}
      {reading.confirmed || !staff ? null : <Unconfirmed what="This reading" source={reading.source} />}
    </p>
  );
}
