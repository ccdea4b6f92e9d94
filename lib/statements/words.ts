// DNR form 542-8167: what the landowner attests by typing their name, shown on the confirmation form
// and printed in the statement's copy of record word for word. A change to these words is a new version.
export const STATEMENT_CERTIFICATION_VERSION = '2026-12';
export const STATEMENT_CERTIFICATION =
  'I am the landowner of this field, I agree that the operation’s manure may be applied on it as the plan says, and the commercial fertilizer figures are what I plan to apply.';
