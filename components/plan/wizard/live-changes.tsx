'use client';

import { ChangesTable } from '@/components/plan-document/changes-table';
import { diffDocuments } from '@/lib/plans/document/diff';
import { documentOfDraft } from '@/lib/plans/document/draft';
import type { FiledDocument, PlanDraft } from '@/lib/plans/document/types';

// IAC 567-65.110(3)"b"(3)"3": an update starts from the last approved plan; as the owner edits, the
// list of changes from it grows here, the same diff the owner certifies and the reviewer compares.
export function LiveChanges({ previous, draft, countyName }: { previous: FiledDocument; draft: PlanDraft; countyName: (fips: string) => string }) {
  const changes = diffDocuments(previous, documentOfDraft(draft), { countyName });
  return (
    <details className="margin-y-2" data-testid="live-changes">
      <summary className="text-bold">
        {changes.length === 0 ? 'No changes yet from the last approved plan' : `${changes.length} ${changes.length === 1 ? 'change' : 'changes'} from the last approved plan so far`}
      </summary>
      {changes.length ? <ChangesTable changes={changes} captionHidden /> : <p>The form starts from the plan the department approved. Change what is different this year.</p>}
    </details>
  );
}
