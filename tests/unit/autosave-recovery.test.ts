import { describe, expect, it } from 'vitest';
import { recoverLocalCopy, type LocalCopy } from '@/components/plan/wizard/local-copy';

// After a reload, the plan form decides what to do with the copy kept on the device. A save the
// server received is never taken for someone else's change, and nothing typed is lost.
const A = { contacts: { contacts: [{ name: 'Ann', phone: '1' }] } };
const B = { contacts: { contacts: [{ name: 'Ann', phone: '2' }] } };
const C = { contacts: { contacts: [{ name: 'Ann', phone: '3' }] } };
const copy = (c: Partial<LocalCopy>): LocalCopy => ({ draft: B, changedAt: 1, saved: false, ...c });

describe('recovering the copy on this device after a reload', () => {
  it('nothing to do when it is saved or the server already holds it (keys in another order)', () => {
    expect(recoverLocalCopy(null, { draft: A, version: 3 })).toBe('none');
    expect(recoverLocalCopy(copy({ saved: true }), { draft: A, version: 3 })).toBe('none');
    expect(recoverLocalCopy(copy({ draft: { contacts: { contacts: [{ phone: '2', name: 'Ann' }] } } }), { draft: B, version: 9 })).toBe('none');
  });

  it('puts back a change made just before the reload, on top of what the server still holds', () => {
    expect(recoverLocalCopy(copy({ baseVersion: 3 }), { draft: A, version: 3 })).toBe('apply');
  });

  it('puts back what was typed after a save whose answer the reload lost', () => {
    // B was sent on version 3 and reached the server (now 4); C was typed after.
    expect(recoverLocalCopy(copy({ draft: C, baseVersion: 3, sent: { baseVersion: 3, draft: B } }), { draft: B, version: 4 })).toBe('apply');
    // The page was drawn before that save landed: the server still shows version 3.
    expect(recoverLocalCopy(copy({ draft: B, baseVersion: 3, sent: { baseVersion: 3, draft: B } }), { draft: A, version: 3 })).toBe('apply');
  });

  it('asks when the plan changed on the server since (another window, the preparer)', () => {
    expect(recoverLocalCopy(copy({ baseVersion: 3 }), { draft: C, version: 5 })).toBe('offer');
    expect(recoverLocalCopy(copy({ baseVersion: 3, sent: { baseVersion: 3, draft: B } }), { draft: C, version: 5 })).toBe('offer');
    expect(recoverLocalCopy(copy({}), { draft: A, version: 3 })).toBe('offer');
  });
});
