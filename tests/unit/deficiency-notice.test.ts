import { describe, expect, it } from 'vitest';
import { answerField, openNoticeItems, sortByCatalogue, unansweredRefusal } from '@/lib/plans/deficiency-notice';
import { answerDeficienciesSchema } from '@/lib/validation/deficiency-answers';

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('the open return notice', () => {
  it('is the latest cycle, listed in catalogue order (a retired code last)', () => {
    const rows = [
      { id: ID(1), cycle: 1, code: 'FEE_UNPAID' },
      { id: ID(2), cycle: 2, code: 'RETIRED_CODE' },
      { id: ID(3), cycle: 2, code: 'LAND_AGREEMENT_MISSING' },
      { id: ID(4), cycle: 2, code: 'P_INDEX_MISSING' },
    ];
    expect(openNoticeItems(rows).map((r) => r.code)).toEqual(['P_INDEX_MISSING', 'LAND_AGREEMENT_MISSING', 'RETIRED_CODE']);
    expect(openNoticeItems([])).toEqual([]);
    expect(sortByCatalogue([{ id: ID(9), code: 'OTHER' }, { id: ID(8), code: 'MISSING_FIELD_MAP' }]).map((r) => r.code)).toEqual(['MISSING_FIELD_MAP', 'OTHER']);
  });

  it('refuses a resubmission naming each unanswered item, keyed like the answer form', () => {
    expect(unansweredRefusal([{ code: 'P_INDEX_MISSING', ownerResponse: 'Added it.' }])).toBeNull();
    expect(unansweredRefusal([])).toBeNull();
    const err = unansweredRefusal([
      { code: 'P_INDEX_MISSING', ownerResponse: 'Added it.' },
      { code: 'LAND_AGREEMENT_MISSING', ownerResponse: null },
      { code: 'FEE_UNPAID', ownerResponse: '   ' },
    ])!;
    expect(err.code).toBe('VALIDATION');
    expect(err.message).toMatch(/These 2 items have no answer yet: Written agreement .* \(LAND_AGREEMENT_MISSING\); Fee due .* \(FEE_UNPAID\)/);
    expect(Object.keys(err.fieldErrors!)).toEqual([answerField(1), answerField(2)]);
    expect(answerField(1)).toBe('answers.1.response');
  });
});

describe('the answer form schema', () => {
  const parse = (answers: unknown) => answerDeficienciesSchema.safeParse({ planId: ID(100), answers });

  it('trims answers and needs 1 to 2,000 characters each', () => {
    const ok = parse([{ deficiencyId: ID(1), response: '  Uploaded the map.  ' }]);
    expect(ok.success && ok.data.answers[0]!.response).toBe('Uploaded the map.');
    expect(parse([{ deficiencyId: ID(1), response: 'x'.repeat(2000) }]).success).toBe(true);
    const issues = (answers: unknown) => {
      const r = parse(answers);
      return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
    };
    expect(issues([{ deficiencyId: ID(1), response: ' \n ' }])).toEqual([['answers.0.response', 'Write your answer to this item']]);
    expect(issues([{ deficiencyId: ID(1), response: 'x'.repeat(2001) }])).toEqual([['answers.0.response', 'Keep each answer under 2,000 characters']]);
    expect(issues([{ deficiencyId: 'nope', response: 'A' }])[0]![0]).toBe('answers.0.deficiencyId');
    expect(issues([{ deficiencyId: ID(1), response: 'A' }, { deficiencyId: ID(1), response: 'B' }])).toEqual([['answers.1.deficiencyId', 'This item is answered twice. Reload the page.']]);
    expect(issues([])).toEqual([['answers', 'Answer at least one item']]);
  });
});
