import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// poppler-utils, the tools an archivist or a screen-reader user's software would read a PDF with:
// pdfinfo (tagged? PDF version? title?), pdffonts (is every font embedded?), pdftotext (the words).
// .ci/run installs them; a test that needs them says so and is skipped when they are absent.

export const popplerMissing = spawnSync('pdffonts', ['-v']).error ? 'poppler-utils (pdfinfo, pdffonts) is not installed: apt-get install -y poppler-utils' : null;

function withFile<T>(pdf: Buffer, run: (file: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'mmp-pdf-'));
  try {
    const file = path.join(dir, 'copy.pdf');
    writeFileSync(file, pdf);
    return run(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const pdfinfo = (pdf: Buffer) => withFile(pdf, (f) => execFileSync('pdfinfo', [f], { encoding: 'utf8' }));
export const pdftotext = (pdf: Buffer) => withFile(pdf, (f) => execFileSync('pdftotext', ['-layout', f, '-'], { encoding: 'utf8' }));

/** The words as poppler reads them in order (a table cell's lines together), one string per page. */
export const pdfPages = (pdf: Buffer) => withFile(pdf, (f) => execFileSync('pdftotext', [f, '-'], { encoding: 'utf8' })).split('\f').filter((p) => p.trim());

/** The archival checks every portal PDF passes: tagged, PDF/A-2, titled, in English, every font embedded and none of the standard ones. */
export function archivalProblems(pdf: Buffer, title: string): string[] {
  const info = pdfinfo(pdf);
  const raw = pdf.toString('latin1');
  const fonts = pdffonts(pdf);
  return [
    /^Tagged:\s+yes$/m.test(info) ? null : 'not tagged',
    /^PDF version:\s+1\.7$/m.test(info) ? null : 'not PDF 1.7',
    info.split('\n').some((l) => l.startsWith('Title:') && l.replace(/^Title:\s+/, '') === title) ? null : `title is not "${title}"`,
    /\/Lang \(en-US\)/.test(raw) ? null : 'no language',
    /<pdfaid:part>2<\/pdfaid:part>/.test(raw) ? null : 'not PDF/A-2',
    fonts.length ? null : 'no fonts',
    ...fonts.filter((f) => !f.emb).map((f) => `${f.name} not embedded`),
    ...fonts.filter((f) => /Helvetica|Times|Courier/.test(f.name)).map((f) => `standard font ${f.name}`),
  ].filter((x): x is string => x !== null);
}

/** pdffonts' table as rows: name, type, whether embedded. */
export function pdffonts(pdf: Buffer): { name: string; emb: boolean }[] {
  const out = withFile(pdf, (f) => execFileSync('pdffonts', [f], { encoding: 'utf8' }));
  // name type encoding emb sub uni object ID: the three yes/no columns precede the object number.
  return out.split('\n').slice(2).filter((l) => l.trim()).map((l) => {
    const m = l.match(/^(\S+).*\s(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/);
    return { name: m?.[1] ?? l, emb: m?.[2] === 'yes' };
  });
}
