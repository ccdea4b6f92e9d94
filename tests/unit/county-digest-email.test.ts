import { describe, expect, it } from 'vitest';
import { EMAIL_PREVIEWS, renderEmail } from '@/emails';

const flat = (s: string) => s.replace(/\s+/g, ' ');
const base = EMAIL_PREVIEWS['county-digest'];

describe('the county digest email', () => {
  it('lists each received and each decided plan with how it touches the county and a link to it', async () => {
    const email = await renderEmail('county-digest', base);
    const text = flat(email.text);
    expect(email.subject).toBe('Lyon County: 2 plans in your weekly digest (January 11, 2027)');
    expect(text).toContain('Plans received (1)');
    expect(text).toContain(
      'Received on January 4, 2027: Annual update — no-change statement for Rock Valley Finishers (facility 64512, Dana Vander Berg), which applies manure to land in Lyon County.',
    );
    expect(text).toContain('Plans decided (1)');
    expect(text).toContain('Approved on January 6, 2027: Original manure management plan for Doon Sow Unit');
    expect(text).toContain('is located in Lyon County and applies manure to land in Lyon County');
    for (const item of base.items) expect(text).toContain(item.planUrl);
    expect(text).toContain('IAC 567-65.110(3)"b"(2)');
    expect(text).toContain('https://mmp.iowa.example/account/notifications');
  });

  it('leaves out a section with nothing in it and counts one plan in the singular', async () => {
    const email = await renderEmail('county-digest', { ...base, frequency: 'daily', items: [base.items[0]!] });
    expect(email.subject).toBe('Lyon County: 1 plan in your daily digest (January 11, 2027)');
    expect(flat(email.text)).not.toContain('Plans decided');
  });

  it('escapes what owners typed', async () => {
    const items = [{ ...base.items[0]!, operationName: '<script>x</script> & Co' }];
    const email = await renderEmail('county-digest', { ...base, items });
    expect(email.html).not.toContain('<script>x');
    expect(email.html).toContain('&lt;script&gt;x&lt;/script&gt; &amp; Co');
  });
});
