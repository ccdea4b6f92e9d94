import { describe, expect, it } from 'vitest';
import { fieldErrorsAsPointers, isProblem, problemAsResult, problemFieldErrors } from '@/lib/http/problem-body';

// An upload's refusal comes back as problem details; the form that sent it shows the same words
// next to the same fields as a server action's refusal would.
describe('problem details read back by a form', () => {
  const refused = {
    type: 'about:blank',
    title: 'Bad Request',
    status: 400,
    detail: 'Some answers need another look. See the messages next to the fields.',
    errors: fieldErrorsAsPointers({ acquiredOn: ['Enter the date you acquired the operation'], file: ['Choose the PDF', 'The file is not a PDF'] }),
  };

  it('names each refused field by its JSON pointer, and reads the fields back from the pointers', () => {
    expect(refused.errors).toEqual([
      { pointer: '#/acquiredOn', detail: 'Enter the date you acquired the operation' },
      { pointer: '#/file', detail: 'Choose the PDF' },
      { pointer: '#/file', detail: 'The file is not a PDF' },
    ]);
    expect(problemFieldErrors(refused)).toEqual({ acquiredOn: ['Enter the date you acquired the operation'], file: ['Choose the PDF', 'The file is not a PDF'] });
  });

  it('turns a refusal into the form’s result, with its code from the status', () => {
    expect(problemAsResult(400, refused)).toEqual({ ok: false, code: 'VALIDATION', message: refused.detail, fieldErrors: problemFieldErrors(refused) });
    expect(problemAsResult(403, { ...refused, status: 403, title: 'Forbidden', errors: undefined, detail: 'Your account is not allowed to do that.' })).toMatchObject({ code: 'FORBIDDEN', message: 'Your account is not allowed to do that.', fieldErrors: {} });
    expect(problemAsResult(413, { ...refused, status: 413 }).code).toBe('VALIDATION');
  });

  it('says the portal could not be reached when the answer is no problem document (a proxy’s error page, a dropped connection)', () => {
    for (const body of [null, '<html>502 Bad Gateway</html>', { ok: false }]) {
      expect(isProblem(body)).toBe(false);
      expect(problemAsResult(502, body)).toMatchObject({ ok: false, code: 'ERROR', message: expect.stringMatching(/could not reach the portal.*still here/) });
    }
  });
});
