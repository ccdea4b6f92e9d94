// What each portal email is given to say: the props of every template, keyed by its id. The
// templates (emails/) render these; lib decides what to send and through which template, and
// renders through the interface in ./renderer, which emails/ implements. So lib never imports a
// template, and a new email is declared here first, where the compiler then asks emails/ for it.
import type { DueExtension } from '@/lib/deadlines';
import type { CountyRelation, FeeCode, PaymentMethod, PlanKind, UpdateKind, UserRole } from '@/lib/notifications/labels';
import type { LetterParts } from '@/lib/reviews/letter-parts';

/** The plan an owner's mail is about. */
type OwnerPlanFacts = {
  ownerName: string;
  operationName: string;
  facilityId: string;
  planKind: PlanKind;
  updateKind?: UpdateKind | null;
};

/** The DNR field office that serves the county a message is about (kept as data with the office). */
export type FieldOfficeContact = { name: string; email?: string | null };

// Rendered by emails/account-invitation.tsx.
export type AccountInvitationProps = {
  inviteeName?: string | null;
  invitedByName: string;
  role: UserRole;
  /** What the role covers, e.g. "Sioux County" or "Rock Valley Finishers". */
  scope?: string | null;
  acceptUrl: string;
  /** When the link stops working (ISO instant). */
  expiresAt: string;
};

// Rendered by emails/account-notice.tsx.
// What happened to an address when someone used it on a public account page, told to the address
// itself: the page answered the same whether or not an account exists, so only the mailbox's owner
// learns which it was.
export type AccountNoticeProps = {
  kind: 'registration_with_existing_account' | 'reset_without_account';
  name?: string | null;
  signInUrl: string;
  resetUrl: string;
  registerUrl: string;
};

// Rendered by emails/copy-of-record-mismatch.tsx.
// CROMERR §3.2000(b)(5)(vi): the daily check found stored copies of record whose bytes no longer
// hash to the address they were filed under. Sent to the department's staff; the audit log has it.
export type CopyOfRecordMismatchProps = {
  checkedOn: string;
  checked: number;
  mismatches: { confirmationNumber: string; referenceNumber: string; expected: string; found: string }[];
  worklistUrl: string;
};

// Rendered by emails/copy-of-record.tsx.
// CROMERR §3.2000(b)(5)(iii): the acknowledgment of receipt, sent the moment the plan is received,
// to the person who submitted it, with what identifies exactly what was received: the receipt
// number, the SHA-256 of the copy of record, and where to download it and check it.
export type CopyOfRecordProps = {
  recipientName: string;
  operationName: string;
  referenceNumber: string;
  confirmationNumber: string;
  receivedAt: string;
  sha256: string;
  documentSha256: string;
  copyUrl: string;
  verifyUrl: string;
};

/** The plan a county mail is about, and how it touches the county: IAC 567-65.110(3)"b"(1)-(2). */
type CountyPlanFacts = {
  operationName: string;
  facilityId: string;
  ownerName: string;
  relations: CountyRelation[];
  planKind: PlanKind;
  updateKind?: UpdateKind | null;
  planUrl: string;
};

// Rendered by emails/county-digest.tsx.
// One email instead of one per plan, for a county official who chose a daily or weekly digest of
// the plans touching their county (IAC 567-65.110(3)"b"(2): counties get access to filed plans).
export type CountyDigestItem = CountyPlanFacts & {
  event: 'submitted' | 'decided';
  receivedOn: string | null;
  decision?: 'approved' | 'disapproved' | null;
  decidedOn?: string | null;
};

// Rendered by emails/county-digest.tsx.
export type CountyDigestProps = {
  officialName: string;
  countyName: string;
  frequency: 'daily' | 'weekly';
  /** The date the digest was put together. */
  sentOn: string;
  items: CountyDigestItem[];
  receivedUrl: string;
  preferencesUrl: string;
  /** The DNR field office that serves the operation's county: named in the footer, and the Reply-To. */
  fieldOffice?: FieldOfficeContact | null;
};

/** What both county notices about one plan say: the plan, how it touches the county, where to read it. */
type CountyPlanNotice = CountyPlanFacts & {
  officialName: string;
  countyName: string;
  receivedOn: string;
  /** The DNR field office that serves the operation's county: named in the footer, and the Reply-To. */
  fieldOffice?: FieldOfficeContact | null;
  /** Where the reader turns this kind of email off. */
  preferencesUrl?: string;
};

// Rendered by emails/county-plan-decided.tsx.
export type CountyPlanDecidedProps = CountyPlanNotice & {
  decision: 'approved' | 'disapproved';
  decidedOn: string;
  /** IAC 567-65.110(5), the answer of the one in-force query (absent in rows queued before it was added). */
  manureRemoval?: LetterParts['manureRemoval'];
};

// Rendered by emails/county-plan-submitted.tsx.
export type CountyPlanSubmittedProps = CountyPlanNotice;

// Rendered by emails/fee-receipt.tsx.
export type FeeReceiptProps = {
  payerName: string;
  operationName: string;
  facilityId: string;
  receiptNumber: string;
  paidOn: string;
  /** What this payment paid, per fee, in cents. */
  lines: { code: FeeCode; cents: number; note?: string | null }[];
  amountPaidCents: number;
  method: PaymentMethod;
  reference?: string | null;
  /** Still owed for this operation after this payment, in cents. */
  balanceRemainingCents: number;
  accountUrl: string;
};

// Rendered by emails/new-owner-due.tsx.
export type NewOwnerDueProps = {
  ownerName: string;
  operationName: string;
  facilityId: string;
  previousOwnerName?: string | null;
  acquiredOn: string;
  /** IAC 567-65.110(1)"d": the raw last day after acquiredOn. */
  dueOn: string;
  /** Where Iowa Code 4.1(34) (filing rule) moves that day, and why. */
  dueExtended?: DueExtension | null;
  /** Days until the effective due day. */
  daysLeft: number;
  planUrl: string;
  /** The DNR field office that serves the operation's county: named in the footer, and the Reply-To. */
  fieldOffice?: FieldOfficeContact | null;
  /** Where the reader turns this kind of email off. */
  preferencesUrl?: string;
};

// Rendered by emails/owner-claim-invitation.tsx.
export type OwnerClaimInvitationProps = {
  ownerName: string;
  /** The operations the department's records name this owner for. */
  operations: string[];
  claimUrl: string;
  code: string;
  expiresAt: string;
};

// Rendered by emails/filing-disputed.tsx.
// CROMERR repudiation: a signer says "I did not sign this". Sent to the department's staff at once.
export type FilingDisputedProps = {
  operationName: string;
  facilityId: string;
  countyName: string;
  referenceNumber: string;
  /** The receipt number of the disputed filing, when it has one. */
  confirmationNumber: string | null;
  /** The Iowa date the filing was received. */
  submittedOn: string;
  /** ISO instant. */
  disputedAt: string;
  disputedBy: string;
  /** What they said happened, in their words. */
  statement: string;
  /** The filing's review page. */
  planUrl: string;
};

// Rendered by emails/password-changed.tsx.
// CROMERR §3.2000(b)(5)(vii): the account holder is told when their credential changes.
export type PasswordChangedProps = {
  name?: string | null;
  /** When the new password was set (ISO instant). */
  at: string;
  /** The forgotten-password page, to take the account back. */
  resetUrl: string;
  signInUrl: string;
};

// Rendered by emails/password-reset.tsx.
export type PasswordResetProps = {
  name?: string | null;
  resetUrl: string;
  expiresAt: string;
};

// Rendered by emails/plan-decided.tsx.
export type PlanDecision = { decision: 'approved'; reasons?: string[] } | { decision: 'disapproved'; reasons: string[] };

// Rendered by emails/plan-decided.tsx.
export type PlanDecidedProps = PlanDecision & {
  ownerName: string;
  operationName: string;
  facilityId: string;
  countyName: string;
  planKind: PlanKind;
  updateKind?: UpdateKind | null;
  /** The day the department received the complete plan: the start of the 60-day review. */
  receivedOn: string;
  decidedOn: string;
  decidedBy: { name: string; title: string };
  planUrl: string;
  /** Reference number, addresses, manure removal and (for a disapproval) the appeal paragraph. */
  letter: LetterParts;
};

// Rendered by emails/registration-answered.tsx.
// The owner answered a registration the preparer made for her: accepted (the operation is hers and
// the preparer may act for it) or declined (the operation is withdrawn).
export type RegistrationAnsweredProps = {
  outcome: 'accepted' | 'declined';
  preparerName: string;
  ownerName: string;
  operationName: string;
  facilityId: string | null;
  answeredOn: string;
  url: string;
};

// Rendered by emails/registration-requested.tsx.
// A preparer registered an operation for the owner: nothing is filed with the department until she
// accepts it through the single-use link; she may decline it instead.
export type RegistrationRequestedProps = {
  ownerName: string;
  preparerName: string;
  preparerEmail: string;
  operationName: string;
  countyName: string;
  sentOn: string;
  respondUrl: string;
  /** When the link stops working (an instant, ISO). */
  respondBy: string;
};

// Rendered by emails/returned-incomplete.tsx.
export type Deficiency = { code: string; title: string; detail?: string | null };

// Rendered by emails/returned-incomplete.tsx.
export type ReturnedIncompleteProps = OwnerPlanFacts & {
  receivedOn: string;
  returnedOn: string;
  deficiencies: Deficiency[];
  planUrl: string;
  /** Reference number, addresses, manure removal and the appeal paragraph of the return. */
  letter: LetterParts;
};

// Rendered by emails/second-factor-changed.tsx.
// Told to the account holder whenever their second sign-in factor changes, so a change they did not
// make (a stolen session, or a reset asked for by someone pretending to be them) does not go unseen.
export type SecondFactorChange = 'enrolled' | 'removed' | 'reset' | 'recovery_codes_renewed';

// Rendered by emails/second-factor-changed.tsx.
export type SecondFactorChangedProps = {
  name?: string | null;
  change: SecondFactorChange;
  at: string;
  accountUrl: string;
};

// Rendered by emails/signature-requested.tsx.
// A preparer who may not sign sends the plan to those who may (the owner of record, or a person the
// owner named): the plan is filed only when one of them signs it (DNR form 542-4000's signature).
export type SignatureRequestedProps = {
  signerName: string;
  preparerName: string;
  operationName: string;
  facilityId: string;
  planLabel: string;
  note?: string | null;
  signUrl: string;
};

// Rendered by emails/signing-locked.tsx.
// Told to the account holder when wrong passwords or codes at the signing step lock signing, so
// someone trying to sign a plan in their name does not go unseen (CROMERR: the credential holder
// learns of attempts on it).
export type SigningLockedProps = {
  name?: string | null;
  at: string;
  lockedUntil: string;
  tries: number;
  accountUrl: string;
};

// Rendered by emails/statement-copy-of-record.tsx.
// DNR form 542-8167, CROMERR: the acknowledgment to the landowner who signed a statement of intent,
// sent at once, with the receipt number, the hashes and a link of their own to the copy of record.
export type StatementCopyOfRecordProps = {
  landownerName: string;
  operationName: string;
  fieldName: string;
  receiptNumber: string;
  confirmedAt: string;
  sha256: string;
  documentSha256: string;
  copyUrl: string;
  /** When the link stops working (an instant, ISO). */
  copyUntil: string;
  verifyUrl: string;
};

// Rendered by emails/statement-requested.tsx.
// DNR form 542-8167: the operation's filer asks a landowner to confirm the statement of intent for
// a field on the landowner's land. The landowner confirms through the single-use link; no account.
export type StatementRequestedProps = {
  landownerName: string;
  operationName: string;
  facilityId: string;
  countyName: string;
  fieldName: string;
  acres: number | null;
  commercialNLbPerAcre: number | null;
  commercialP2o5LbPerAcre: number | null;
  confirmUrl: string;
  /** When the link stops working (an instant, ISO). */
  confirmBy: string;
};

// Rendered by emails/submission-received.tsx.
export type SubmissionReceivedProps = OwnerPlanFacts & {
  /** The day the department received the plan ('YYYY-MM-DD'). */
  receivedOn: string;
  /** Set once the plan is found complete: the last day for the department's decision. */
  decisionDueOn?: string | null;
  fees: { code: FeeCode; cents: number }[];
  planUrl: string;
  /** The filing receipt's number (absent on mail queued before receipts had numbers). */
  confirmationNumber?: string | null;
  receiptUrl?: string;
};

// Rendered by emails/transfer-decided.tsx.
// The end of a transfer request: confirmed (by the department, or by the previous owner accepting
// it) or refused by the department with its reason. Each party gets its own letter: the claimant,
// and the owner on record when the request was made ('owner').
export type TransferDecidedProps = {
  audience: 'claimant' | 'owner';
  outcome: 'confirmed' | 'refused';
  through: 'department' | 'current_owner';
  recipientName: string;
  claimantName: string;
  previousOwnerName: string;
  operationName: string;
  facilityId: string;
  acquiredOn: string;
  decidedOn: string;
  /** The department's reason for a refusal, or its note on a confirmation. */
  reason?: string | null;
  /** IAC 567-65.110(1)"d" as lib/rules answered it for the new owner (confirmed only). */
  requirement?: { required: boolean; dueOn: string | null; citation: string; reason: string } | null;
  url: string;
};

// Rendered by emails/transfer-disputed.tsx.
// The owner on record said a transfer request is wrong. The request stays with the department,
// which reads the owner's answer beside the claimant's evidence before it decides.
export type TransferDisputedProps = {
  audience: 'claimant' | 'current_owner';
  recipientName: string;
  claimantName: string;
  currentOwnerName: string;
  operationName: string;
  facilityId: string;
  acquiredOn: string;
  answeredOn: string;
  note: string;
  url: string;
};

// Rendered by emails/transfer-requested.tsx.
// IAC 567-65.110(1)"d", DNR form 542-4026: a request to be recorded as an operation's new owner.
// The claimant is told nothing has changed yet; the owner on record is asked to accept or object.
export type TransferRequestCommon = {
  recipientName: string;
  claimantName: string;
  operationName: string;
  facilityId: string;
  countyName: string;
  acquiredOn: string;
  requestedOn: string;
  evidenceFilename: string;
};

// Rendered by emails/transfer-requested.tsx.
export type TransferRequestedProps =
  | (TransferRequestCommon & { audience: 'claimant'; dashboardUrl: string })
  | (TransferRequestCommon & { audience: 'current_owner'; respondUrl: string; respondBy: string });

// Rendered by emails/update-due-reminder.tsx.
export type UpdateDueReminderProps = {
  ownerName: string;
  operationName: string;
  facilityId: string;
  /** Days from the reminder's date to the due date: 60, 30 or 7. */
  daysLeft: number;
  dueOn: string;
  /** Where Iowa Code 4.1(34) (filing rule) moves the due date, and why. */
  dueExtended?: DueExtension | null;
  animalUnitCapacity: number;
  /** IAC 567-65.110(3)"c": the per-animal-unit fee times the capacity, in cents (0 under a SAFO election). */
  complianceFeeCents: number;
  updateUrl: string;
  /** The DNR field office that serves the operation's county: named in the footer, and the Reply-To. */
  fieldOffice?: FieldOfficeContact | null;
  /** Where the reader turns this kind of email off. */
  preferencesUrl?: string;
};

// Rendered by emails/update-overdue.tsx.
export type UpdateOverdueProps = {
  ownerName: string;
  operationName: string;
  facilityId: string;
  dueOn: string;
  /** Where Iowa Code 4.1(34) (filing rule) moves the due date, and why. */
  dueExtended?: DueExtension | null;
  daysOverdue: number;
  animalUnitCapacity: number;
  complianceFeeCents: number;
  updateUrl: string;
  /** The DNR field office that serves the operation's county: named in the footer, and the Reply-To. */
  fieldOffice?: FieldOfficeContact | null;
  /** Where the reader turns this kind of email off. */
  preferencesUrl?: string;
};

// Rendered by emails/verify-email.tsx.
export type VerifyEmailProps = {
  name?: string | null;
  verifyUrl: string;
  expiresAt: string;
  /** Sent because the account tried to sign in before the address was confirmed. */
  afterSignInAttempt?: boolean;
};

/** Every template's id and the props it takes. */
export type EmailTemplates = {
  'submission-received': SubmissionReceivedProps;
  'returned-incomplete': ReturnedIncompleteProps;
  'plan-decided': PlanDecidedProps;
  'update-due-reminder': UpdateDueReminderProps;
  'update-overdue': UpdateOverdueProps;
  'new-owner-due': NewOwnerDueProps;
  'county-plan-submitted': CountyPlanSubmittedProps;
  'county-plan-decided': CountyPlanDecidedProps;
  'account-invitation': AccountInvitationProps;
  'account-notice': AccountNoticeProps;
  'verify-email': VerifyEmailProps;
  'password-reset': PasswordResetProps;
  'password-changed': PasswordChangedProps;
  'filing-disputed': FilingDisputedProps;
  'fee-receipt': FeeReceiptProps;
  'county-digest': CountyDigestProps;
  'transfer-requested': TransferRequestedProps;
  'statement-requested': StatementRequestedProps;
  'transfer-disputed': TransferDisputedProps;
  'transfer-decided': TransferDecidedProps;
  'owner-claim-invitation': OwnerClaimInvitationProps;
  'registration-requested': RegistrationRequestedProps;
  'registration-answered': RegistrationAnsweredProps;
  'copy-of-record': CopyOfRecordProps;
  'copy-of-record-mismatch': CopyOfRecordMismatchProps;
  'second-factor-changed': SecondFactorChangedProps;
  'signing-locked': SigningLockedProps;
  'signature-requested': SignatureRequestedProps;
  'statement-copy-of-record': StatementCopyOfRecordProps;
};

export type EmailTemplateId = keyof EmailTemplates;

/** The templates the daily job renders by the thousand, through the renderer's faster path. */
export const JOB_TEMPLATE_IDS = ['update-due-reminder', 'update-overdue', 'new-owner-due', 'county-digest'] as const satisfies readonly EmailTemplateId[];
export type JobTemplateId = (typeof JOB_TEMPLATE_IDS)[number];

/** A mail ready to send: its one-line subject, and the same message as HTML and as plain text. */
export type RenderedEmail = { subject: string; html: string; text: string };
