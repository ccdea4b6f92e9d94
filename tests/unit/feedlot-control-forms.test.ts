import { describe, expect, it } from 'vitest';
import { familyLinkSchema, interestSchema, managerSchema, SHARE_MISSING, SHARE_RANGE } from '@/lib/validation/feedlot-control';
import { NOT_A_NUMBER } from '@/lib/validation/operations';
import { PLAIN_WORDS } from '@/lib/validation/messages';

// Iowa Code 459A.103(1)"c", "d": the messages the ownership, management and family-link forms show.

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const OP = '6f1d2b0e-8c1a-4a8e-9a57-2f0e6c4b1a10';
const interest = (over: Record<string, unknown> = {}) => ({ operationId: OP, name: 'Karen Hansen', partyKind: 'person', kind: 'equity', equityPercent: '60', ...over });

describe('the interest form', () => {
  it('reads an equity share typed as a percentage', () => {
    const r = interestSchema.safeParse(interest({ equityPercent: '62.5' }));
    expect(r.success && r.data.equityPercent).toBe(62.5);
  });

  it('asks for the share only for an equity interest, and drops one typed for a tenancy', () => {
    expect(messages(interestSchema.safeParse(interest({ equityPercent: '' }), PLAIN_WORDS))).toEqual({ equityPercent: SHARE_MISSING });
    const tenancy = interestSchema.safeParse(interest({ kind: 'joint_tenant', equityPercent: '' }));
    expect(tenancy.success).toBe(true);
    const typed = interestSchema.safeParse(interest({ kind: 'tenant_in_common', equityPercent: '30' }));
    expect(typed.success && typed.data.equityPercent).toBeUndefined();
  });

  it('says plainly when the share is out of range or not a number', () => {
    expect(messages(interestSchema.safeParse(interest({ equityPercent: '120' }), PLAIN_WORDS))).toEqual({ equityPercent: SHARE_RANGE });
    expect(messages(interestSchema.safeParse(interest({ equityPercent: '-5' }), PLAIN_WORDS))).toEqual({ equityPercent: SHARE_RANGE });
    expect(messages(interestSchema.safeParse(interest({ equityPercent: 'half' }), PLAIN_WORDS))).toEqual({ equityPercent: NOT_A_NUMBER });
    expect(SHARE_RANGE).toBe('An equity share is a percentage from 0 to 100');
  });

  it('asks for a name, the kind of party and the kind of interest', () => {
    expect(messages(interestSchema.safeParse(interest({ name: '  ', partyKind: '', kind: '' }), PLAIN_WORDS))).toEqual({
      name: 'Enter the name of the person or business that holds the interest',
      partyKind: 'Choose whether this is a person or a business',
      kind: 'Choose what kind of interest it is',
    });
  });
});

describe('the manager and family link forms', () => {
  it('asks for the manager’s name and the kind of management', () => {
    expect(messages(managerSchema.safeParse({ operationId: OP, name: '', partyKind: 'person', kind: '' }, PLAIN_WORDS))).toEqual({
      name: 'Enter the name of the person or business that manages the operation',
      kind: 'Choose what kind of management it is',
    });
  });

  it('asks for both names and the relation, and refuses a person as their own relative', () => {
    expect(messages(familyLinkSchema.safeParse({ operationId: OP, personName: '', relativeName: '', relation: '' }, PLAIN_WORDS))).toEqual({
      personName: 'Enter the name of the person',
      relativeName: 'Enter the name of the spouse or child',
      relation: 'Choose spouse or dependent child',
    });
    expect(messages(familyLinkSchema.safeParse({ operationId: OP, personName: 'Karen Hansen', relativeName: 'karen hansen ', relation: 'spouse' }, PLAIN_WORDS))).toEqual({
      relativeName: 'A person cannot be their own spouse or child: enter the relative’s name',
    });
  });
});
