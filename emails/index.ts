// The registry of portal emails (their props are declared in lib/mail/templates.ts), and the one
// render path (HTML + plain text + subject) that implements lib's MailRenderer.
import { createElement, type ReactElement } from 'react';
import { render } from '@react-email/render';
import * as accountInvitation from './account-invitation';
import * as accountNotice from './account-notice';
import * as copyOfRecord from './copy-of-record';
import * as copyOfRecordMismatch from './copy-of-record-mismatch';
import * as countyDigest from './county-digest';
import * as countyPlanDecided from './county-plan-decided';
import * as countyPlanSubmitted from './county-plan-submitted';
import * as feeReceipt from './fee-receipt';
import * as filingDisputed from './filing-disputed';
import * as newOwnerDue from './new-owner-due';
import * as ownerClaimInvitation from './owner-claim-invitation';
import * as passwordChanged from './password-changed';
import * as passwordReset from './password-reset';
import * as planDecided from './plan-decided';
import * as registrationAnswered from './registration-answered';
import * as registrationRequested from './registration-requested';
import * as returnedIncomplete from './returned-incomplete';
import * as secondFactorChanged from './second-factor-changed';
import * as signingLocked from './signing-locked';
import * as signatureRequested from './signature-requested';
import * as statementCopyOfRecord from './statement-copy-of-record';
import * as statementRequested from './statement-requested';
import * as submissionReceived from './submission-received';
import * as transferDecided from './transfer-decided';
import * as transferDisputed from './transfer-disputed';
import * as transferRequested from './transfer-requested';
import * as updateDueReminder from './update-due-reminder';
import * as updateOverdue from './update-overdue';
import * as verifyEmail from './verify-email';
import type { EmailTemplateId, EmailTemplates, RenderedEmail } from '@/lib/mail/templates';
import type { MailRenderer } from '@/lib/mail/renderer';
import { renderJobEmail } from './job-render';

export type { EmailTemplateId, EmailTemplates, RenderedEmail };

type Template<P> = {
  component: (props: P) => ReactElement;
  subject: (props: P) => string;
  previewProps: P;
};

const TEMPLATES: { [K in EmailTemplateId]: Template<EmailTemplates[K]> } = {
  'submission-received': { ...submissionReceived, component: submissionReceived.SubmissionReceivedEmail },
  'returned-incomplete': { ...returnedIncomplete, component: returnedIncomplete.ReturnedIncompleteEmail },
  'plan-decided': { ...planDecided, component: planDecided.PlanDecidedEmail },
  'update-due-reminder': { ...updateDueReminder, component: updateDueReminder.UpdateDueReminderEmail },
  'update-overdue': { ...updateOverdue, component: updateOverdue.UpdateOverdueEmail },
  'new-owner-due': { ...newOwnerDue, component: newOwnerDue.NewOwnerDueEmail },
  'county-plan-submitted': { ...countyPlanSubmitted, component: countyPlanSubmitted.CountyPlanSubmittedEmail },
  'county-plan-decided': { ...countyPlanDecided, component: countyPlanDecided.CountyPlanDecidedEmail },
  'account-invitation': { ...accountInvitation, component: accountInvitation.AccountInvitationEmail },
  'account-notice': { ...accountNotice, component: accountNotice.AccountNoticeEmail },
  'verify-email': { ...verifyEmail, component: verifyEmail.VerifyEmailEmail },
  'password-reset': { ...passwordReset, component: passwordReset.PasswordResetEmail },
  'password-changed': { ...passwordChanged, component: passwordChanged.PasswordChangedEmail },
  'filing-disputed': { ...filingDisputed, component: filingDisputed.FilingDisputedEmail },
  'fee-receipt': { ...feeReceipt, component: feeReceipt.FeeReceiptEmail },
  'county-digest': { ...countyDigest, component: countyDigest.CountyDigestEmail },
  'transfer-requested': { ...transferRequested, component: transferRequested.TransferRequestedEmail },
  'transfer-disputed': { ...transferDisputed, component: transferDisputed.TransferDisputedEmail },
  'transfer-decided': { ...transferDecided, component: transferDecided.TransferDecidedEmail },
  'owner-claim-invitation': { ...ownerClaimInvitation, component: ownerClaimInvitation.OwnerClaimInvitationEmail },
  'registration-requested': { ...registrationRequested, component: registrationRequested.RegistrationRequestedEmail },
  'registration-answered': { ...registrationAnswered, component: registrationAnswered.RegistrationAnsweredEmail },
  'statement-requested': { ...statementRequested, component: statementRequested.StatementRequestedEmail },
  'copy-of-record': { ...copyOfRecord, component: copyOfRecord.CopyOfRecordEmail },
  'copy-of-record-mismatch': { ...copyOfRecordMismatch, component: copyOfRecordMismatch.CopyOfRecordMismatchEmail },
  'second-factor-changed': { ...secondFactorChanged, component: secondFactorChanged.SecondFactorChangedEmail },
  'signing-locked': { ...signingLocked, component: signingLocked.SigningLockedEmail },
  'signature-requested': { ...signatureRequested, component: signatureRequested.SignatureRequestedEmail },
  'statement-copy-of-record': { ...statementCopyOfRecord, component: statementCopyOfRecord.StatementCopyOfRecordEmail },
};

export const EMAIL_TEMPLATE_IDS = Object.keys(TEMPLATES) as EmailTemplateId[];

/** Example props for each template, so staff can preview every email the portal sends. */
export const EMAIL_PREVIEWS: { [K in EmailTemplateId]: EmailTemplates[K] } = Object.fromEntries(
  EMAIL_TEMPLATE_IDS.map((id) => [id, TEMPLATES[id].previewProps]),
) as { [K in EmailTemplateId]: EmailTemplates[K] };

export function isEmailTemplateId(value: unknown): value is EmailTemplateId {
  return typeof value === 'string' && Object.hasOwn(TEMPLATES, value);
}

// Headings keep their case in plain text (html-to-text shouts them in capitals by default).
const headings = ['h1', 'h2', 'h3'].map((selector) => ({ selector, options: { uppercase: false } }));

export async function renderEmail<K extends EmailTemplateId>(id: K, props: EmailTemplates[K]): Promise<RenderedEmail> {
  const template: Template<EmailTemplates[K]> = TEMPLATES[id];
  if (!template) throw new Error(`Unknown email template: ${String(id)}`);
  const element = createElement(template.component, props);
  const [html, text] = await Promise.all([
    render(element),
    render(element, { plainText: true, htmlToTextOptions: { selectors: headings } }),
  ]);
  // One line, so a name with a line break cannot add a mail header.
  const subject = template.subject(props).replace(/\s+/g, ' ').trim();
  return { subject, html, text };
}

/** What lib renders mail through (lib/mail/renderer.ts); provided by emails/register.ts. */
export const mailRenderer: MailRenderer = { render: renderEmail, renderForJob: renderJobEmail };
