// The portal's one policy on how much a request may carry, for forms (which check a chosen file
// before sending it) and servers alike. Uploads (plan attachments, transfer evidence, imports,
// county yield files) go to route handlers and may be 20 MB; a file sent through a server action
// (a season's application records) stays under the framework's action body limit. next.config.js
// sets the framework's limits from these figures (tests/unit/body-limit.test.ts holds them equal).

const MB = 1024 * 1024;

/** The largest file an upload route takes: 20 MB. */
export const UPLOAD_MAX_BYTES = 20 * MB;
/** Room for a form's other fields (names, ids, dates) beside its file. */
export const FORM_FIELDS_BYTES = 64 * 1024;
/** The largest upload body read at all: the file and the form's other fields. */
export const UPLOAD_BODY_MAX_BYTES = UPLOAD_MAX_BYTES + FORM_FIELDS_BYTES;
/** The framework's cap on a body passing through proxy.ts: above every body the portal reads whole. */
export const PROXY_BODY_LIMIT = '21mb';
/** The framework's cap on a server action's body. */
export const SERVER_ACTION_BODY_LIMIT = '1mb';
/** The largest file sent through a server action, leaving room for the action's own fields. */
export const ACTION_FILE_MAX_BYTES = 900 * 1024;

/** "20 MB", "900 KB": a limit as people read it. */
export function limitWords(bytes: number): string {
  return bytes >= MB ? `${Math.round((bytes / MB) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** The one sentence for a file above its limit, with what to do. */
export function fileTooLargeMessage(maxBytes: number, advice = 'Scan at a lower resolution or split it into parts.'): string {
  return `The file is larger than ${limitWords(maxBytes)}. ${advice}`;
}

/** Bytes in a size such as "21mb" or "1mb" (the framework's notation). */
export function sizeLimitBytes(limit: string): number {
  const m = /^(\d+)(kb|mb)$/i.exec(limit);
  if (!m) throw new Error(`not a size: ${limit}`);
  return Number(m[1]) * (m[2]!.toLowerCase() === 'mb' ? MB : 1024);
}

/** What to do with a season's records above ACTION_FILE_MAX_BYTES. */
export const SPLIT_SEASON_ADVICE = 'Split the season into smaller files and import each.';
