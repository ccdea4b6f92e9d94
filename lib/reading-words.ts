// What an owner is told, once, where an answer rests on a reading or a figure the department has not
// yet confirmed. Staff pages show each flag with its source (components/law/unconfirmed); owners and
// the letters they receive get these plain sentences instead of tags, parameter names and addresses.

export const READING_NOT_CONFIRMED =
  'Some answers on this page (the day a deadline moves to, and when manure may be removed) follow the department’s current reading of the rules. The department has not yet confirmed that reading; if it changes, this page will show the new answer.';

export const CROP_FIGURES_NOT_CONFIRMED =
  'Some crop figures behind these limits are standard published figures that the department has not yet confirmed; if it changes them, the limits may change.';

export const BALANCE_READING_NOT_CONFIRMED =
  'Some limits follow the department’s current reading of the rules on crop rotations and landowners’ statements of intent. The department has not yet confirmed that reading; if it changes, the limits may change.';
