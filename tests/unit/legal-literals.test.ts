import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// "No legal figure or threshold appears as a literal outside lib/rules": every amount, day count and
// threshold a person reads comes from lib/rules (its parameters, with their citation and effective
// date), so a corrected figure changes everywhere at once. This reads the source of app, components,
// emails and lib (outside lib/rules) with the TypeScript parser and fails on a legal figure written
// into a string or JSX text, or a legal day count passed to addDays. Comments are not read.

const ROOT = path.resolve(__dirname, '../..');
const DIRS = ['app', 'components', 'emails', 'lib'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return p.endsWith(`${path.sep}lib${path.sep}rules`) ? [] : sourceFiles(p);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [p] : [];
  });
}

// The legal figures of IAC 567-65.110, 65.111, Iowa Code 459.311B, 459A.103, 459.503A and 4.1(34).
const FIGURES: [RegExp, string][] = [
  [/\$\s?250\b/, 'the $250 MMP filing fee (65.110(7))'],
  [/\$\s?500\b/, 'the $500 filing plus construction permit total (65.110(7))'],
  [/\$\s?0?\.15\b/, 'the $0.15 per animal unit compliance fee (65.110(3)"c")'],
  [/\b15 cents\b/, 'the compliance fee per animal unit (65.110(3)"c")'],
  [/\b(more than|over|above|at most|or (less|fewer) than)?\s*500\s*(animal units|AU)\b/i, 'the SAFO size, 500 animal units (65.110(1)"e"(2))'],
  [/\bmore than 500\b|\b500 or (less|fewer)\b/i, 'the SAFO size (65.110(1)"e"(2))'],
  [/\b(sixty|60)[- ](calendar[- ])?days?\b/i, 'a 60-day period (65.110(1)"d", (4))'],
  [/\bday 60\b/i, 'day 60 of the review (65.110(4))'],
  [/\b(thirty|30)[- ]days? before\b/i, 'the 30 days before construction (65.110(2))'],
  [/\bMay 31, (1985|1995)\b|\b(1985|1995)-05-31\b/, 'a date threshold of 65.110(1)"b"(1) or (6)'],
  [/\b1,?250 (feet|ft)\b/, 'the 1,250 ft distance of 459A.103'],
  [/\b(200|400|800) (feet|ft)\b/, 'a stockpile distance of 459.311B'],
  [/\$\s?[23](,000,000| million)\b/, 'an indemnity fund limit of 459.503A'],
];

// Phrases that contain a figure but state no legal one, with why.
const ALLOWED: { file: string; text: RegExp; why: string }[] = [
  { file: 'lib/jobs/daily.ts', text: /^(\s*at (60|30) days,\s*|update reminder at (60|30) days)$/, why: 'the reminder lead times are the portal\'s notice schedule, not a legal figure' },
  { file: 'app/preparer/page.tsx', text: /^(Due within|Within) (30|60) days$/, why: 'the portfolio\'s look-ahead filters are a consultant\'s planning windows, not a legal period' },
];

type Hit = { file: string; line: number; text: string; figure: string };

function scan(file: string): Hit[] {
  const rel = path.relative(ROOT, file).split(path.sep).join('/');
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const hits: Hit[] = [];
  const report = (node: ts.Node, text: string, figure: string) => {
    if (ALLOWED.some((a) => a.file === rel && a.text.test(text))) return;
    hits.push({ file: rel, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: text.trim().slice(0, 120), figure });
  };
  // The literal text of a string expression, with interpolations and non-literals as a gap.
  const literalText = (node: ts.Node): string => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((t) => t.literal.text)].join(' {…} ');
    if (ts.isParenthesizedExpression(node)) return literalText(node.expression);
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) return literalText(node.left) + literalText(node.right);
    return ' {…} ';
  };
  const visit = (node: ts.Node) => {
    // Text split over `'...' + '...'` is read joined, as a person reads it.
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken && !(ts.isBinaryExpression(node.parent) && node.parent.operatorToken.kind === ts.SyntaxKind.PlusToken)) {
      const text = literalText(node);
      for (const [re, figure] of FIGURES) if (re.test(text)) report(node, text, figure);
    }
    // Template spans are checked piece by piece: a figure interpolated from lib/rules is not a literal.
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node) || ts.isJsxText(node)) {
      const text = ts.isJsxText(node) ? node.getText() : node.text;
      for (const [re, figure] of FIGURES) if (re.test(text)) report(node, text, figure);
    }
    if (ts.isCallExpression(node) && /(^|\.)addDays$/.test(node.expression.getText())) {
      const days = node.arguments[1];
      const n = days && (ts.isNumericLiteral(days) ? Number(days.text) : ts.isPrefixUnaryExpression(days) && ts.isNumericLiteral(days.operand) ? -Number(days.operand.text) : null);
      if (typeof n === "number" && [30, -30, 60, -60].includes(n)) report(node, node.getText(), 'a legal day count passed to addDays');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return hits;
}

describe('legal figures come from lib/rules', () => {
  const files = DIRS.flatMap((d) => sourceFiles(path.join(ROOT, d)));

  it('reads the portal\'s source', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(files.some((f) => f.includes(`${path.sep}lib${path.sep}rules${path.sep}`))).toBe(false);
  });

  it('finds no legal amount, day count or threshold written as a literal outside lib/rules', () => {
    const hits = [...new Set(files.flatMap(scan).map((h) => `${h.file}:${h.line}: ${h.figure}: "${h.text}"`))];
    expect(hits).toEqual([]);
    // Parsing every source file is CPU-bound: room for a busy two-core machine.
  }, 60_000);

  it('would catch one: the scanner flags each kind of literal it is meant to', () => {
    const probe = path.join(ROOT, 'tests/unit/fixtures/legal-literals-probe.tsx');
    const found = scan(probe).map((h) => h.figure);
    for (const figure of ['the $250 MMP filing fee (65.110(7))', 'the $500 filing plus construction permit total (65.110(7))',
      'the $0.15 per animal unit compliance fee (65.110(3)"c")', 'the SAFO size (65.110(1)"e"(2))', 'a 60-day period (65.110(1)"d", (4))',
      'a legal day count passed to addDays', 'the 30 days before construction (65.110(2))']) {
      expect(found).toContain(figure);
    }
  });
});
