import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF the portal renders, one entry per text-showing operation (a line as laid out):
 * each content stream is inflated and its Tj/TJ strings decoded (the standard fonts use one byte a
 * character). Enough to read what a person sees, including where a word was broken across lines.
 */
export function pdfTextLines(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = m.index! + m[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const op of content.matchAll(/\[((?:[^\]\\]|\\.)*)\]\s*TJ|(<[0-9A-Fa-f]*>|\((?:[^)\\]|\\.)*\))\s*Tj/g)) {
      const body = op[1] ?? op[2] ?? '';
      let text = '';
      for (const s of body.matchAll(/<([0-9A-Fa-f]*)>|\(((?:[^)\\]|\\.)*)\)/g)) {
        if (s[1] !== undefined) text += Buffer.from(s[1], 'hex').toString('latin1');
        else text += s[2]!.replace(/\\([()\\])/g, '$1');
      }
      if (text.trim()) lines.push(text);
    }
  }
  return lines;
}
