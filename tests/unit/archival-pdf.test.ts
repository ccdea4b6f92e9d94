import { describe, expect, it } from 'vitest';
import { pageFooterWords, renderArchivalPdf } from '@/lib/pdf/archival';
import { archivalProblems, pdftotext, popplerMissing } from '../support/poppler';

// The one archival form every portal PDF is written in: a reference or a date is never split across
// lines at its hyphen (a reader copies "FEE-" and "C67EAD0CE8" as two things), a long address breaks
// after a slash, and a table's cells wrap inside their column.

const poppler = (name: string, fn: () => Promise<void>) => it.skipIf(popplerMissing !== null)(popplerMissing ? `${name} [skipped: ${popplerMissing}]` : name, fn);
const REF = 'FEE-C67EAD0CE8';

describe('the archival PDF writer', () => {
  poppler('never breaks a line at a hyphen, wherever the reference falls on the line', async () => {
    // Forty paragraphs, each pushing the reference one character further along, so one of them puts its hyphen at a line's end.
    const words = (i: number) => `Make the check payable to the department and write this reference on it: ${'x'.repeat(i + 1)} ${REF}, then mail it.`;
    const blocks = [
      ...Array.from({ length: 40 }, (_, i) => ({ text: words(i) })),
      ...Array.from({ length: 40 }, (_, i) => ({ text: words(i), bold: true, size: 12 })),
      { list: Array.from({ length: 40 }, (_, i) => words(i)) },
    ];
    const pdf = await renderArchivalPdf({ title: 'Wrapping', createdAt: new Date('2026-12-01T12:00:00Z'), footer: (p, n) => pageFooterWords('Wrapping', p, n), blocks });
    expect(archivalProblems(pdf, 'Wrapping')).toEqual([]);
    const lines = pdftotext(pdf).split(/[\n\f]/).map((l) => l.trim()).filter(Boolean);
    for (const line of lines) expect(line, line).not.toMatch(/[A-Za-z0-9]-$/);
    expect(lines.join('\n').match(new RegExp(REF, 'g'))).toHaveLength(120);
  });

  poppler('breaks a web address too long for a line after a slash, and wraps table cells in their column', async () => {
    const url = `https://mmp.iowa.example/${'verify/'.repeat(14)}copy`;
    const pdf = await renderArchivalPdf({
      title: 'Table', createdAt: new Date('2026-12-01T12:00:00Z'), footer: (p, n) => pageFooterWords('Table', p, n),
      blocks: [
        { text: url },
        { table: { header: ['Fee', 'Amount'], rows: [['Annual compliance fee for an operation with a very long name indeed, paid by the owner of record', '$248.00']], widths: [0.3, 0.7] } },
      ],
    });
    const text = pdftotext(pdf);
    expect(text.replace(/\s+/g, '')).toContain(url);
    expect(text.split('\n').some((l) => l.trim().endsWith('/'))).toBe(true);
    expect(text).toContain('$248.00');
    expect(text.split('\n').filter((l) => /Annual|compliance|owner of record/.test(l)).length).toBeGreaterThan(1);
  });
});
