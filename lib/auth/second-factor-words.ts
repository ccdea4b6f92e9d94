// What the sign-in page and the account page say about the second factor. Shared by the server (which
// throws these through next-auth) and the sign-in form (which recognises them to ask for the code).

/** Told only to someone who gave the right password, whose account has a second factor. */
export const SECOND_FACTOR_NEEDED = 'Enter the 6-digit code from your authenticator app to finish signing in.';

export const SECOND_FACTOR_WRONG =
  'That code is not right, or it was used already. Enter the code your authenticator app shows now, or one of your recovery codes.';

export const STAFF_SECOND_FACTOR_NOTICE = 'Set up a second factor: the department requires it for staff';

export const CODE_FIELD_HINT = '6 digits from your authenticator app, or a recovery code like abcde-fghjk.';
