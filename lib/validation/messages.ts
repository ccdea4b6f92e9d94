import { z } from 'zod';

// The one mapping from the validator's issues to plain words. A schema's own message ("Enter the
// operation's name") always wins; this answers every issue a schema left without one, so no form
// ever shows the validator's own text ("Too big: expected string to have <=160 characters"). Used
// by the forms' resolver (components/forms/form-resolver.ts) and by the server actions
// (parseOrThrow), so a browser and the server word the same answer the same way.

/** Names of fields for the messages that name them ("Operation name must be 160 characters or fewer"). */
export const fieldLabels = z.registry<{ label: string }>();

/** Gives a field the name its messages use: the label the person sees next to the box. */
export function labelled<S extends z.ZodType>(schema: S, label: string): S {
  fieldLabels.add(schema, { label });
  return schema;
}

type Issue = z.core.$ZodRawIssue & { schema?: z.core.$ZodType };

const SIX_DECIMALS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });
const count = (n: number | bigint) => (typeof n === 'bigint' ? n.toLocaleString('en-US') : SIX_DECIMALS.format(n));

/** "Operation name" for a labelled field, "This answer" otherwise. */
function labelOf(issue: Issue): string | null {
  const schema = issue.schema ?? (issue.inst && '_zod' in issue.inst && 'run' in issue.inst._zod ? (issue.inst as z.core.$ZodType) : undefined);
  return schema ? (fieldLabels.get(schema)?.label ?? null) : null;
}

/** "operation name" inside a sentence; an abbreviation ("P2O5 removal", "911 address") keeps its case. */
function inSentence(label: string): string {
  return /^[A-Z][a-z]/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label;
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

function tooBig(issue: Extract<Issue, { code: 'too_big' }>, subject: string): string {
  const max = issue.maximum;
  const orEqual = issue.inclusive !== false;
  switch (issue.origin) {
    case 'string':
      return `${subject} must be ${count(orEqual ? max : Number(max) - 1)} characters or fewer`;
    case 'array':
    case 'set':
      return `${subject} can list at most ${count(orEqual ? max : Number(max) - 1)}`;
    case 'date':
      return `${subject} must be on or before ${new Date(Number(max)).toISOString().slice(0, 10)}`;
    case 'file':
      return `${subject} must be ${count(max)} bytes or smaller`;
    default:
      return orEqual ? `${subject} must be ${count(max)} or less` : `${subject} must be less than ${count(max)}`;
  }
}

function tooSmall(issue: Extract<Issue, { code: 'too_small' }>, subject: string, label: string | null): string {
  const min = issue.minimum;
  const orEqual = issue.inclusive !== false;
  switch (issue.origin) {
    case 'string':
      if (Number(min) <= 1 || isBlank(issue.input)) return label ? `Enter ${inSentence(label)}` : 'Answer this question';
      return `${subject} must be at least ${count(min)} characters`;
    case 'array':
    case 'set':
      return `${subject} must list at least ${count(min)}`;
    case 'date':
      return `${subject} must be on or after ${new Date(Number(min)).toISOString().slice(0, 10)}`;
    default:
      return orEqual ? `${subject} must be ${count(min)} or more` : `${subject} must be more than ${count(min)}`;
  }
}

function invalidFormat(issue: Extract<Issue, { code: 'invalid_format' }>, subject: string): string {
  switch (issue.format) {
    case 'email':
      return 'Enter an email address like name@example.com';
    case 'url':
      return 'Enter a web address starting with https://';
    case 'uuid':
    case 'guid':
      return 'That choice is not one the portal offered: reload the page and choose again';
    case 'date':
    case 'datetime':
      return 'Enter the date as month, day and year';
    default:
      return `${subject} is not in the form the portal expects`;
  }
}

/** The plain words for an issue its schema left without a message. */
export function plainMessage(issue: Issue): string {
  const label = labelOf(issue);
  const subject = label ?? 'This answer';
  switch (issue.code) {
    case 'too_big':
      return tooBig(issue, subject);
    case 'too_small':
      return tooSmall(issue, subject, label);
    case 'invalid_type':
      if (isBlank(issue.input)) return label ? `Enter ${inSentence(label)}` : 'Answer this question';
      if (issue.expected === 'number' || issue.expected === 'int' || issue.expected === 'bigint') return 'Enter a number, using digits (for example 2,480)';
      if (issue.expected === 'boolean') return 'Choose yes or no';
      if (issue.expected === 'date') return 'Enter the date as month, day and year';
      return `${subject} is not in the form the portal expects`;
    case 'invalid_value':
      return label ? `Choose ${inSentence(label)} from the list` : 'Choose one of the options offered';
    case 'invalid_format':
      return invalidFormat(issue, subject);
    case 'not_multiple_of':
      return Number(issue.divisor) === 1 ? `${subject} must be a whole number` : `${subject} must be a multiple of ${count(issue.divisor)}`;
    case 'unrecognized_keys':
      return 'The form sent an answer the portal does not know: reload the page and try again';
    default:
      return `Check ${label ? inSentence(label) : 'this answer'}`;
  }
}

/** Options for a parse (`schema.safeParse(input, PLAIN_WORDS)`) that word every issue plainly. */
export const PLAIN_WORDS = { error: (issue: Issue) => plainMessage(issue) } as const;
