import { AppError } from '@/lib/errors';
import { DEFICIENCY_CATALOGUE, deficiencyDefinition } from '@/lib/plans/deficiencies';

// The open return notice of a plan and what is still unanswered in it. Pure: shared by the plan
// page (the answer form), the answer service and the resubmission check, so all three list the
// items in one order and name the form's fields the same way.

type NoticeRow = { id: string; cycle: number; code: string };

const RANK = new Map<string, number>(DEFICIENCY_CATALOGUE.map((d, i) => [d.code, i]));

/** Items in catalogue order (as the reviewer's form lists them); a retired code goes last. */
export function sortByCatalogue<T extends { id: string; code: string }>(items: readonly T[]): T[] {
  const rank = (code: string) => RANK.get(code) ?? RANK.size;
  return [...items].sort((a, b) => rank(a.code) - rank(b.code) || a.code.localeCompare(b.code) || a.id.localeCompare(b.id));
}

/** The items of the latest return (the one the owner answers before resubmitting). */
export function openNoticeItems<T extends NoticeRow>(rows: readonly T[]): T[] {
  if (!rows.length) return [];
  const last = Math.max(...rows.map((r) => r.cycle));
  return sortByCatalogue(rows.filter((r) => r.cycle === last));
}

/** The answer form's field for the i-th item of the open notice. */
export function answerField(index: number): string {
  return `answers.${index}.response`;
}

/**
 * IAC 567-65.110(4) returns a plan with every missing item in one notice; the owner answers each
 * before resubmitting, so the reviewer of the resubmission sees how each was resolved. Returns the
 * refusal to give when an item has no answer, or null when every item is answered.
 */
export function unansweredRefusal(items: readonly { code: string; ownerResponse: string | null }[]): AppError | null {
  const fieldErrors: Record<string, string[]> = {};
  const titles: string[] = [];
  items.forEach((item, i) => {
    if (item.ownerResponse?.trim()) return;
    const { title } = deficiencyDefinition(item.code);
    titles.push(`${title} (${item.code})`);
    fieldErrors[answerField(i)] = [`Answer this item before you resubmit: ${title}.`];
  });
  if (!titles.length) return null;
  const n = titles.length;
  return new AppError(
    'VALIDATION',
    `Answer each item the department returned before you resubmit the plan. ${n === 1 ? 'This item has' : `These ${n} items have`} no answer yet: ${titles.join('; ')}. Write your answers on the plan’s page.`,
    fieldErrors,
  );
}
