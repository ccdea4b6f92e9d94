'use client';

import { formResolver } from '@/components/forms/form-resolver';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { applyActionResult } from '@/components/forms/apply-result';
import { TextareaField } from '@/components/text-field';
import type { ActionResult } from '@/lib/errors';
import { answerDeficienciesSchema } from '@/lib/validation/deficiency-answers';

export type AnswerItem = { id: string; code: string; title: string; rule: string; detail: string | null; ownerResponse: string | null;
  /** When the saved answer was given, formatted on the server. */
  answeredOn: string | null;
};

type Values = { planId: string; answers: { deficiencyId: string; response: string }[] };

type Props = {
  planId: string;
  /** The open notice's items, in the order the service names their fields (answers.<i>.response). */
  items: AnswerItem[];
  action: (input: unknown) => Promise<ActionResult<{ unanswered: number }>>;
};

/** The owner's answer to each item the department returned, saved together; kept as typed on an error. */
export function DeficiencyAnswersForm({ planId, items, action }: Props) {
  const router = useRouter();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<Values>({
    resolver: formResolver(answerDeficienciesSchema),
    defaultValues: { planId, answers: items.map((i) => ({ deficiencyId: i.id, response: i.ownerResponse ?? '' })) },
  });
  const save = async (values: Values) => {
    setMessage(null);
    const result = await action(values).catch(() => null);
    if (!result) return setMessage({ ok: false, text: 'We could not reach the portal. Try again; what you typed is still here.' });
    if (result.ok) {
      setMessage({ ok: true, text: result.message ?? 'Your answers were saved.' });
      return router.refresh();
    }
    setMessage({ ok: false, text: applyActionResult(result, setError) ?? 'Please check your answers.' });
  };
  const onInvalid = () => setMessage({ ok: false, text: 'Some items have no answer yet. See the messages next to them.' });

  return (
    <form onSubmit={handleSubmit(save, onInvalid)} noValidate className="usa-form maxw-tablet" aria-label="Answer each item">
      {message ? (
        <Alert type={message.ok ? 'success' : 'error'} slim role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </Alert>
      ) : null}
      {formState.errors.answers?.root?.message || formState.errors.answers?.message ? (
        <span className="usa-error-message">{formState.errors.answers.root?.message ?? formState.errors.answers.message}</span>
      ) : null}
      <ol className="usa-list usa-list--unstyled">
        {items.map((item, i) => {
          const error = formState.errors.answers?.[i]?.response?.message ?? formState.errors.answers?.[i]?.deficiencyId?.message;
          return (
            <li key={item.id} className="border-1px border-base-lighter radius-md padding-2 margin-bottom-2 maxw-none">
              <h3 className="margin-top-0 margin-bottom-05 font-heading-sm">{item.title}</h3>
              <p className="margin-y-05 font-body-2xs text-base-dark">
                {item.code}
                {item.rule ? ` · ${item.rule}` : ''}
              </p>
              {item.detail ? (
                <p className="margin-y-1">
                  <strong>The reviewer’s note:</strong> {item.detail}
                </p>
              ) : null}
              <TextareaField
                label={`Your answer to “${item.title}”`}
                hint="Say what you added or changed in the plan, or why the item does not apply. Up to 2,000 characters."
                required
                rows={4}
                groupClassName="margin-top-1"
                error={error}
                {...register(`answers.${i}.response`)}
              />
              <p className="usa-hint margin-bottom-0">{item.answeredOn ? `Answer saved ${item.answeredOn}.` : 'Not answered yet.'}</p>
            </li>
          );
        })}
      </ol>
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Saving…' : 'Save answers'}
      </Button>
    </form>
  );
}
