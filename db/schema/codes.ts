// Catalogues of codes shared by the database enums and the forms' validation. Nothing here imports
// the database driver, so a form's schema in the browser can use them.

/** Every fee the portal bills (IAC 567-65.110(7), (3)"c" and (6)): the one catalogue of fee codes. */
export const FEE_CODES = ['mmp_filing', 'construction_permit_application', 'annual_compliance', 'indemnity'] as const;
export type FeeCode = (typeof FEE_CODES)[number];
