import { createHash } from 'node:crypto';

// The certification a signatory makes when signing a plan or an annual update: the statement DNR form
// 542-4000 asks the owner to sign, shown in full before signing (CROMERR: the signer sees the
// certification). Versioned like the agreement: a new text is a new version, and each signature
// keeps the version and the SHA-256 of the text its signer saw.

export type Certification = { version: string; form: string; text: string };

export const PLAN_CERTIFICATION: Certification = {
  version: '2026-12',
  form: 'DNR form 542-4000',
  text:
    'I certify under penalty of law that this manure management plan, or this annual update, and every attachment to it were prepared by me or under my direction; ' +
    'that the information in it is, to the best of my knowledge and belief, true, accurate and complete; ' +
    'and that manure from the confinement feeding operation will be stored, handled and applied as the plan states, as Iowa Code chapter 459 and 567 Iowa Administrative Code chapter 65 require. ' +
    'I understand that filing false information, or failing to follow the plan, can lead to penalties under Iowa law and to the plan’s approval being withdrawn.',
};

/** SHA-256 (hex) of the certification's text as shown: kept with each signature. */
export function certificationSha256(c: Certification = PLAN_CERTIFICATION): string {
  return createHash('sha256').update(`${c.form}\n\nVersion ${c.version}\n\n${c.text}`, 'utf8').digest('hex');
}

/** How a signer proved it was them at the signing step, in words (the copy of record, the plan page). */
export const FACTOR_WORDS: Record<string, string> = {
  password_and_authenticator: 'their password and a code from their authenticator app',
  password_and_recovery_code: 'their password and one of their recovery codes',
  password_and_passkey: 'their password and their passkey',
};
