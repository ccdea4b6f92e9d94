import { describe, expect, it } from 'vitest';
import { grantPreparerSchema } from '@/lib/validation/accounts';

describe('an owner granting a preparer access', () => {
  it('with no end date given (the field left out or left empty) grants access with no end, never an empty date', () => {
    expect(grantPreparerSchema.parse({ email: 'preparer@example.com', scope: 'all' }).endsOn).toBeNull();
    expect(grantPreparerSchema.parse({ email: 'preparer@example.com', scope: 'all', endsOn: '  ' }).endsOn).toBeNull();
    expect(grantPreparerSchema.parse({ email: 'preparer@example.com', scope: 'chosen', operationIds: [], endsOn: '2027-03-31' }).endsOn).toBe('2027-03-31');
    expect(grantPreparerSchema.safeParse({ email: 'preparer@example.com', scope: 'all', endsOn: '31/03/2027' }).success).toBe(false);
  });
});
