import { createHash } from 'node:crypto';

// The electronic signature agreement each signatory accepts once before signing a plan
// (CROMERR, 40 CFR 3.2000(b)(5)(vii)): protect the credential, report a compromise, and accept that
// an electronic signature binds as a handwritten one would. The text is versioned: a new version is
// a new constant, and what each person accepted stays identified by its version and hash.

export type SignatureAgreement = { version: string; title: string; paragraphs: readonly string[] };

export const SIGNATURE_AGREEMENT: SignatureAgreement = {
  version: '2026-12',
  title: 'Electronic signature agreement for manure management plans',
  paragraphs: [
    'I will sign manure management plans and annual updates filed with the Iowa Department of Natural Resources through this portal with my own account: my password and my second factor (an authenticator app or a passkey) are my signing credential.',
    'I will keep that credential to myself. I will not share my password, my authenticator or my recovery codes with anyone, including a preparer or an employee who helps with the plan.',
    'If I learn or suspect that someone else knows my password or holds my second factor, I will tell the department at once, and change my password and set up my second factor again, within one business day.',
    'I agree that my electronic signature on a plan filed through this portal has the same legal effect as my handwritten signature on the paper form (DNR form 542-4000), and that I am responsible for what I sign as I would be on paper.',
    'I understand that the department keeps a copy of record of each plan as received, with my signature, the date and time, and I may dispute a copy of record I did not sign.',
  ],
};

/** The agreement's text as one string, the way its hash is computed. */
export function agreementText(a: SignatureAgreement = SIGNATURE_AGREEMENT): string {
  return [a.title, `Version ${a.version}`, ...a.paragraphs].join('\n\n');
}

/** SHA-256 (hex) of the agreement's text: kept with each acceptance. */
export function agreementSha256(a: SignatureAgreement = SIGNATURE_AGREEMENT): string {
  return createHash('sha256').update(agreementText(a), 'utf8').digest('hex');
}
