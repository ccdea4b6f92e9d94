import { describe, expect, it } from 'vitest';
import { EMAIL_PREVIEWS, EMAIL_TEMPLATE_IDS, renderEmail, type EmailTemplates } from '@/emails';
import { DEPARTMENT } from '@/emails/components/layout';

// What a reader sees in the plain-text part, with line wrapping ignored.
const flat = (s: string) => s.replace(/\s+/g, ' ');
const preview = <K extends keyof EmailTemplates>(id: K) => EMAIL_PREVIEWS[id] as EmailTemplates[K];

describe('every email template', () => {
  it.each(EMAIL_TEMPLATE_IDS)('%s renders a subject, HTML and plain text from its preview', async (id) => {
    const email = await renderEmail(id, EMAIL_PREVIEWS[id] as never);
    expect(email.subject.length).toBeGreaterThan(10);
    expect(email.subject).not.toMatch(/[\r\n]/);
    expect(email.html).toMatch(/^<!DOCTYPE html/i);
    expect(email.html).toContain(DEPARTMENT);
    expect(email.html).not.toMatch(/<img|src=/i); // no remote images
    const text = flat(email.text);
    expect(text).toContain(DEPARTMENT);
    expect(text).toMatch(/You received this (email|letter|reminder|notice|receipt) because/);
    expect(text).toMatch(/https:\/\/mmp\.iowa\.example\//);
    expect(text).not.toContain('<');
  });

  it('has a preview for each template, for the staff preview page', () => {
    expect(Object.keys(EMAIL_PREVIEWS).sort()).toEqual([...EMAIL_TEMPLATE_IDS].sort());
  });

  it('escapes what people typed', async () => {
    const email = await renderEmail('submission-received', { ...preview('submission-received'), operationName: '<b>Hog & Co</b>' });
    expect(email.html).not.toContain('<b>Hog');
    expect(email.html).toContain('&lt;b&gt;Hog &amp; Co');
  });
});

describe('the decision letter (plan-decided)', () => {
  const base = preview('plan-decided');
  const notInForce = { ...base.letter.manureRemoval, allowed: false, reason: 'No approved manure management plan is in force for this operation, so manure may not be removed from storage until the department approves one.' };

  it('cites IAC 567-65.110(4) and states the received date, the decision date and every reason for a disapproval', async () => {
    const email = await renderEmail('plan-decided', base);
    const text = flat(email.text);
    expect(email.subject).toBe('Disapproved: Original manure management plan for Rock Valley Finishers');
    expect(text).toContain('IAC 567-65.110(4)');
    expect(text).toContain('received your complete plan on January 4, 2027 and disapproved it on February 26, 2027');
    expect(text).toContain('Reasons for disapproval');
    for (const reason of base.decision === 'disapproved' ? base.reasons : []) expect(text).toContain(reason);
  });

  it('IAC 567-65.110(5): a disapproval states the in-force answer it is given: allowed while an earlier approval stands', async () => {
    const text = flat((await renderEmail('plan-decided', base)).text);
    expect(text).toContain('Manure removal from storage: allowed.');
    expect(text).toContain('a disapproved annual update does not withdraw it');
    expect(text).toContain('This reading of the rule is to be confirmed by the department.');
    const none = flat((await renderEmail('plan-decided', { ...base, letter: { ...base.letter, manureRemoval: notInForce } })).text);
    expect(none).toContain('Manure removal from storage: not allowed.');
    expect(none).not.toContain('Manure removal from storage: allowed.');
  });

  it('carries the plan reference, the owner\'s address block, the field office contact and, for a disapproval, the appeal paragraph', async () => {
    const text = flat((await renderEmail('plan-decided', base)).text);
    expect(text).toContain('Plan reference: MMP-000123');
    expect(text).toContain('Vander Berg Farms LLC 2840 Indigo Avenue Rock Valley, IA 51247');
    expect(text).toContain('Field Office 3 — Spencer 1900 North Grand Avenue, Gateway North Mall Spencer, IA 51301 Phone: 712-262-4177');
    expect(text).toContain('If you disagree');
    expect(text).toContain('notice of appeal');
    expect(text).toContain('The department has not yet confirmed the text and deadline of this paragraph.');
  });

  it('an approval has no appeal paragraph, and says manure may be removed when the answer is allowed', async () => {
    const email = await renderEmail('plan-decided', { ...base, decision: 'approved', reasons: [], decidedOn: '2027-03-05' });
    const text = flat(email.text);
    expect(email.subject).toMatch(/^Approved: /);
    expect(text).toContain('approved it on March 5, 2027, day 60 of the review');
    expect(text).toContain('Manure removal from storage: allowed. An approved manure management plan is in force');
    expect(text).not.toContain('Reasons for disapproval');
    expect(text).not.toContain('notice of appeal');
  });

  it('refuses a disapproval without reasons', async () => {
    await expect(renderEmail('plan-decided', { ...base, decision: 'disapproved', reasons: [] })).rejects.toThrow(/reasons/);
  });
});

describe('returned-incomplete', () => {
  it('lists every deficiency, says the review runs from the complete plan\'s receipt, and carries the letter\'s parts', async () => {
    const props = preview('returned-incomplete');
    const text = flat((await renderEmail('returned-incomplete', props)).text);
    for (const d of props.deficiencies) {
      expect(text).toContain(d.title);
      expect(text).toContain(d.code);
      if (d.detail) expect(text).toContain(d.detail);
    }
    expect(text).toContain('What is missing (3 items)');
    expect(text).toContain('The 60-day review starts when the department receives your complete plan');
    expect(text).toContain('Plan reference: MMP-000123');
    expect(text).toContain('notice of appeal');
    expect(text).toContain('Phone: 712-262-4177');
  });
});

describe('submission-received', () => {
  const base = preview('submission-received');

  it('gives the decision-due date once the plan is complete, and the fees in dollars', async () => {
    const text = flat((await renderEmail('submission-received', base)).text);
    expect(text).toContain('Annual update — list of changes');
    expect(text).toContain('Received: January 4, 2027');
    expect(text).toContain(
      'The department will approve or disapprove your plan by March 5, 2027 (IAC 567-65.110(4): within 60 days of receiving a complete plan)',
    );
    expect(text).toContain('Annual compliance fee: $148.80');
  });

  it('promises no date before the plan is found complete, and totals an original plan with a permit', async () => {
    const props = {
      ...base,
      planKind: 'original' as const,
      updateKind: null,
      decisionDueOn: null,
      fees: [
        { code: 'mmp_filing' as const, cents: 25000 },
        { code: 'construction_permit_application' as const, cents: 25000 },
      ],
    };
    const email = await renderEmail('submission-received', props);
    const text = flat(email.text);
    expect(email.subject).toBe('Received: Original manure management plan for Rock Valley Finishers');
    expect(text).not.toContain('will approve or disapprove your plan by');
    expect(text).toContain('The 60-day review (IAC 567-65.110(4)) begins when the department receives a complete plan');
    expect(text).toContain('MMP filing fee: $250.00');
    expect(text).toContain('Total due: $500.00');
  });
});

describe('reminders', () => {
  it.each([60, 30, 7])('the %i-day update reminder states the due date and days left', async (daysLeft) => {
    const email = await renderEmail('update-due-reminder', { ...preview('update-due-reminder'), daysLeft });
    expect(email.subject).toBe(`Annual MMP update due in ${daysLeft} days (March 1, 2027): Rock Valley Finishers`);
    const text = flat(email.text);
    expect(text).toContain(`is due on March 1, 2027, ${daysLeft} days from today`);
    expect(text).toContain('Estimated annual compliance fee: $148.80');
    expect(text).toContain('992 animal units');
  });

  it('the overdue notice states when it was due and how late it is', async () => {
    const text = flat((await renderEmail('update-overdue', preview('update-overdue'))).text);
    expect(text).toContain('was due on March 1, 2027');
    expect(text).toContain('14 days overdue');
  });

  it('the new-owner notice counts 60 days from acquisition under IAC 567-65.110(1)"d"', async () => {
    const email = await renderEmail('new-owner-due', preview('new-owner-due'));
    const text = flat(email.text);
    expect(email.subject).toContain('March 16, 2027');
    expect(text).toContain('You acquired Doon Ridge Sow Unit on January 15, 2027');
    expect(text).toContain('by March 16, 2027, within 60 days after acquiring the operation (IAC 567-65.110(1)"d")');
    expect(text).toContain('30 days from today');
    expect(text).toContain("apply manure under Harold Dykstra's most recent plan");
  });
});

describe('county, account and payment emails', () => {
  it('tell a county official how the plan touches their county', async () => {
    const submitted = flat((await renderEmail('county-plan-submitted', preview('county-plan-submitted'))).text);
    expect(submitted).toContain('which applies manure to land in Lyon County');
    expect(submitted).toContain('Received: January 4, 2027');
    const decided = flat((await renderEmail('county-plan-decided', preview('county-plan-decided'))).text);
    expect(decided).toContain('is located in Sioux County and applies manure to land in Sioux County');
    expect(decided).toContain('Approved on February 26, 2027');
  });

  it('state when account links expire, in Iowa time', async () => {
    const invite = flat((await renderEmail('account-invitation', preview('account-invitation'))).text);
    expect(invite).toContain('as county official for Lyon County');
    expect(invite).toContain('This invitation expires on March 8, 2027 at 3:00 PM CST.');
    const verify = flat((await renderEmail('verify-email', preview('verify-email'))).text);
    expect(verify).toContain('This link expires on March 1, 2027 at 6:30 PM CST.');
    const reset = flat((await renderEmail('password-reset', preview('password-reset'))).text);
    expect(reset).toContain('If you did not ask to reset your password, ignore this email.');
  });

  it('the fee receipt shows what was paid, how, and what is still owed', async () => {
    const props = { ...preview('fee-receipt'), balanceRemainingCents: 25000 };
    const email = await renderEmail('fee-receipt', props);
    const text = flat(email.text);
    expect(email.subject).toBe('Receipt MMP-2027-004187: $148.80 paid for Rock Valley Finishers');
    expect(text).toContain('Method: Credit or debit card');
    expect(text).toContain('Reference: AUTH 5J7K2Q');
    expect(text).toContain('Amount paid: $148.80');
    expect(text).toContain('Balance remaining: $250.00');
  });
});

describe('the transfer request letters', () => {
  it('tell the owner on record nothing has changed, and give the single-use link with its expiry', async () => {
    const text = flat((await renderEmail('transfer-requested', preview('transfer-requested'))).text);
    expect(text).toContain('Van Zee Pork Inc. told the department that they acquired Clarion Finisher (facility 64511), Wright County on January 15, 2027');
    expect(text).toContain('Nothing has changed: you are still the owner on record');
    expect(text).toContain('https://mmp.iowa.example/transfers/respond?token=preview-3b9c1d2e');
    expect(text).toContain('The link works once, until February 10, 2027 at 12:00 PM CST.');
  });

  it('tell the new owner when the original MMP is due, or that none is owed and why', async () => {
    const owed = flat((await renderEmail('transfer-decided', preview('transfer-decided'))).text);
    expect(owed).toContain('you must submit your own original manure management plan by March 16, 2027');
    const notOwed = flat(
      (await renderEmail('transfer-decided', { ...preview('transfer-decided'), requirement: { required: false, dueOn: null, citation: 'IAC 567-65.110(1)"d"', reason: 'A SAFO owes no original MMP.' } })).text,
    );
    expect(notOwed).toContain('You do not owe an original manure management plan for this operation: A SAFO owes no original MMP.');
    expect(notOwed).not.toContain('must submit your own original');
  });

  it('a refusal states its reason to both parties and refuses to render without one', async () => {
    const refused = { ...preview('transfer-decided'), outcome: 'refused' as const, reason: 'The bill of sale is not signed.', requirement: null };
    const toClaimant = flat((await renderEmail('transfer-decided', refused)).text);
    expect(toClaimant).toContain('Nothing has changed hands: Ruth Miller remains the owner on record.');
    expect(toClaimant).toContain('Reason: The bill of sale is not signed.');
    const toOwner = flat((await renderEmail('transfer-decided', { ...refused, audience: 'owner', recipientName: 'Ruth Miller' })).text);
    expect(toOwner).toContain('Nothing has changed hands: you remain the owner on record.');
    await expect(renderEmail('transfer-decided', { ...refused, reason: ' ' })).rejects.toThrow(/reason/);
  });
});
