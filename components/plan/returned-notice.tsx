import { Alert } from '@/components/alert';
import type { ActionResult } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { deficiencyDefinition } from '@/lib/plans/deficiencies';
import type { PlanPageData } from '@/lib/plans/view';
import { DeficiencyAnswersForm } from './deficiency-answers-form';

type Props = {
  data: PlanPageData;
  action: (input: unknown) => Promise<ActionResult<{ unanswered: number }>>;
};

/**
 * A plan the department returned as incomplete (IAC 567-65.110(4)): the items of its notice. Whoever
 * may resubmit the plan answers each one here; anyone else who can see the plan reads them.
 */
export function ReturnedNotice({ data, action }: Props) {
  if (data.plan.status !== 'incomplete' || !data.deficiencies.length) return null;
  const items = data.deficiencies.map((d) => {
    const def = deficiencyDefinition(d.code);
    return {
      id: d.id,
      code: d.code,
      title: def.title,
      rule: def.rule,
      detail: d.detail,
      ownerResponse: d.ownerResponse,
      answeredOn: d.respondedAt ? formatDateTime(d.respondedAt) : null,
    };
  });
  const open = items.filter((i) => !i.ownerResponse).length;
  const n = items.length;
  if (!data.can.answer) {
    return (
      <Alert type="warning" heading="The department returned this plan: what is missing" headingLevel={2}>
        <ul className="usa-list">
          {items.map((i) => (
            <li key={i.id}>
              <strong>{i.title}</strong> ({i.code}){i.detail ? `: ${i.detail}` : ''}
              <br />
              {i.ownerResponse ? `Owner’s answer: ${i.ownerResponse}` : 'Not answered yet.'}
            </li>
          ))}
        </ul>
      </Alert>
    );
  }
  return (
    <section aria-labelledby="answers-heading" className="margin-y-3">
      <Alert type="warning" heading="The department returned this plan as incomplete" headingLevel={2}>
        <p className="margin-top-0">
          The department listed {n === 1 ? 'one item' : `${n} items`} in its notice.{' '}
          {open
            ? `Answer each one below (${open} ${open === 1 ? 'has' : 'have'} no answer yet): a plan with an unanswered item cannot be resubmitted.`
            : 'Every item is answered.'}
        </p>
        <p className="margin-bottom-0">
          Then add what is missing to the plan (Revise and resubmit) and submit it again. Your answers go to the department with the plan; the
          resubmission is a new receipt (IAC 567-65.110(4)).
        </p>
      </Alert>
      <h2 id="answers-heading">Answer each item</h2>
      <DeficiencyAnswersForm planId={data.plan.id} items={items} action={action} />
    </section>
  );
}
