'use client';

import type { Dispatch, RefObject, SetStateAction } from 'react';
import type { ActionResult } from '@/lib/errors';
import type { PlanDraft } from '@/lib/plans/document/types';
import type { PlanEditorData } from '@/lib/plans/editor';
import { derivePlanCounties } from '@/lib/plans/counties';
import type { DataStepId } from '@/lib/plans/steps';
import type { UploadedFile } from '../file-upload';
import { AgreementsStep } from './steps/agreements-step';
import { AttachmentsStep } from './steps/attachments-step';
import { ContactsStep } from './steps/contacts-step';
import { FieldsStep } from './steps/fields-step';
import { ProductionStep } from './steps/production-step';
import { ReviewStep } from './steps/review-step';
import { StockpilesStep } from './steps/stockpiles-step';
import { UpdateStep } from './steps/update-step';
import type { StepHandle } from './use-step-form';
import type { RequestStatement } from '../landowner-statement';

type DataProps = {
  step: DataStepId;
  data: PlanEditorData;
  draft: PlanDraft;
  files: UploadedFile[];
  setFiles: Dispatch<SetStateAction<UploadedFile[]>>;
  onChange: (values: Record<string, unknown>) => void;
  handle: RefObject<StepHandle | null>;
  removeFile: (input: unknown) => Promise<ActionResult>;
  requestStatement: RequestStatement;
};

/** The form of one data step, with what it needs from the plan and the other steps. */
function Data({ step, data, draft, files, setFiles, onChange, handle, removeFile, requestStatement }: DataProps) {
  const common = { defaults: draft[step] ?? {}, onChange, handle };
  const added = (f: UploadedFile) => setFiles((list) => [...list.filter((x) => x.id !== f.id), f]);
  const fieldList = ((draft.fields?.fields as { key: string; name: string; tenure: string; countyFips: string; acres?: unknown }[] | undefined) ?? []).filter(Boolean);
  const names = new Map(data.counties.map((c) => [c.fips, c.name]));
  switch (step) {
    case 'update':
      return (
        <UpdateStep
          {...common}
          animalUnits={data.operation.animalUnitCapacity}
          contractProducer={data.operation.contractProducer}
          safoInForce={data.operation.safoInForce}
          counties={[...new Set(derivePlanCounties(data.operation.countyFips, fieldList).map((c) => names.get(c.fips) ?? c.fips))]}
        />
      );
    case 'contacts':
      return <ContactsStep {...common} />;
    case 'production':
      return <ProductionStep {...common} />;
    case 'fields':
      return <FieldsStep {...common} counties={data.counties} operationCountyFips={data.operation.countyFips} nextYear={Number(data.today.slice(0, 4)) + 1} year={Number(data.today.slice(0, 4))} production={draft.production} agreements={(draft.agreements?.agreements as Record<string, unknown>[] | undefined) ?? []} tables={data.referenceTables} />;
    case 'agreements':
      return <AgreementsStep {...common} planId={data.plan.id} today={data.today} fields={fieldList} files={files} onUploaded={added} statements={data.statements} requestStatement={requestStatement} />;
    case 'stockpiles':
      return <StockpilesStep {...common} />;
    case 'attachments':
      return (
        <AttachmentsStep
          {...common}
          planId={data.plan.id}
          today={data.today}
          designStatementApplies={data.designStatementApplies}
          needsMap={data.plan.kind === 'original' || draft.update?.updateKind === 'complete_plan'}
          files={files}
          onUploaded={added}
          onRemoved={(id) => setFiles((list) => list.filter((x) => x.id !== id))}
          remove={removeFile}
        />
      );
  }
}

export const StepBody = { Data, Review: ReviewStep };
