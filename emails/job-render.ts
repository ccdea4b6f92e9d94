// A faster render path for the daily job, which may render over a thousand reminders in one run.
// renderEmail (./index.ts) renders each React tree twice (HTML, then again for plain text) and
// @react-email/render's toPlainText builds a new html-to-text converter on every call. Here the
// tree is rendered once, and the text comes from that HTML through one converter compiled with the
// same options (html-to-text is @react-email/render's own dependency): about 3 ms an email, not 9.
// tests/unit/county-job-render.test.ts proves the output identical to renderEmail's for every
// template listed here.
import { createElement, type ReactElement } from 'react';
import { plainTextSelectors, render } from '@react-email/render';
import { compile } from 'html-to-text';
import type { EmailTemplates, JobTemplateId, RenderedEmail } from '@/lib/mail/templates';
import * as countyDigest from './county-digest';
import * as newOwnerDue from './new-owner-due';
import * as updateDueReminder from './update-due-reminder';
import * as updateOverdue from './update-overdue';

type Module<P> = { component: (props: P) => ReactElement; subject: (props: P) => string };

const MODULES: { [K in JobTemplateId]: Module<EmailTemplates[K]> } = {
  'update-due-reminder': { component: updateDueReminder.UpdateDueReminderEmail, subject: updateDueReminder.subject },
  'update-overdue': { component: updateOverdue.UpdateOverdueEmail, subject: updateOverdue.subject },
  'new-owner-due': { component: newOwnerDue.NewOwnerDueEmail, subject: newOwnerDue.subject },
  'county-digest': { component: countyDigest.CountyDigestEmail, subject: countyDigest.subject },
};

// The options toPlainText uses, plus renderEmail's own: headings keep their case.
const headings = ['h1', 'h2', 'h3'].map((selector) => ({ selector, options: { uppercase: false } }));
const toText = compile({ wordwrap: false, selectors: [...plainTextSelectors, ...headings] });

export async function renderJobEmail<K extends JobTemplateId>(id: K, props: EmailTemplates[K]): Promise<RenderedEmail> {
  const template = MODULES[id] as Module<EmailTemplates[K]>;
  const html = await render(createElement(template.component, props));
  const text = toText(html);
  const subject = template.subject(props).replace(/\s+/g, ' ').trim();
  return { subject, html, text };
}
