import { afterEach, describe, expect, it } from 'vitest';
import { EMAIL_PREVIEWS, mailRenderer, renderEmail } from '@/emails';
import { provideMailRenderer, renderJobMail, renderMail, type MailRenderer } from '@/lib/mail/renderer';
import { JOB_TEMPLATE_IDS } from '@/lib/mail/templates';

// lib sends mail through the renderer each process is given at start-up (emails/register.ts; the
// test setup gives the same one). What a recipient reads must be what the templates render.
describe('the mail renderer lib sends through', () => {
  afterEach(() => provideMailRenderer(mailRenderer));

  it('is the templates’ own: a plan receipt rendered through lib is the template’s rendering', async () => {
    const props = EMAIL_PREVIEWS['submission-received'];
    const viaLib = await renderMail('submission-received', props);
    expect(viaLib).toEqual(await renderEmail('submission-received', props));
    expect(viaLib.subject).toContain(props.operationName);
  });

  it.each(JOB_TEMPLATE_IDS)('renders the daily job’s %s as the templates do', async (id) => {
    const props = EMAIL_PREVIEWS[id];
    expect(await renderJobMail(id, props as never)).toEqual(await renderEmail(id, props as never));
  });

  it('is the one provided last, for every mail lib sends', async () => {
    const seen: string[] = [];
    const recording: MailRenderer = {
      render: async (id) => (seen.push(id), { subject: `s:${id}`, html: '<p></p>', text: '' }),
      renderForJob: async (id) => (seen.push(`job:${id}`), { subject: `j:${id}`, html: '<p></p>', text: '' }),
    };
    provideMailRenderer(recording);
    expect((await renderMail('password-reset', EMAIL_PREVIEWS['password-reset'])).subject).toBe('s:password-reset');
    expect((await renderJobMail('county-digest', EMAIL_PREVIEWS['county-digest'])).subject).toBe('j:county-digest');
    expect(seen).toEqual(['password-reset', 'job:county-digest']);
  });

  it('says plainly that a process was started without one, instead of sending nothing', async () => {
    const key = Symbol.for('mmp.mail.renderer');
    const holder = globalThis as Record<symbol, unknown>;
    delete holder[key];
    expect(() => renderMail('verify-email', EMAIL_PREVIEWS['verify-email'])).toThrow(/No mail renderer.*emails\/register/);
  });
});
