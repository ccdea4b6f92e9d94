import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument, csvLine, csvResponse } from '@/lib/csv';

describe('the CSV writer', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('Hansen, "Big" Farms')).toBe('"Hansen, ""Big"" Farms"');
    expect(csvCell('Van Zee, Pork "Inc."')).toBe('"Van Zee, Pork ""Inc."""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('plain')).toBe('plain');
  });

  it('keeps text a spreadsheet would run as a formula as text, but writes numbers as numbers', () => {
    expect(csvCell('=HYPERLINK("http://evil.example")')).toBe(`"'=HYPERLINK(""http://evil.example"")"`);
    for (const lead of ['+', '-', '@', '\t', '\r']) expect(csvCell(`${lead}1`).replace(/^"/, '').startsWith(`'${lead}`)).toBe(true);
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('ends each line with CRLF and starts a document with the byte-order mark Excel needs', () => {
    expect(csvLine(['a', null, 3])).toBe('a,,3\r\n');
    expect(csvDocument(['Name', 'Acres'], [['Zoë’s field', 80]])).toBe('\uFEFFName,Acres\r\nZoë’s field,80\r\n');
  });

  it('streams every batch until a short one, with the header once', async () => {
    const rows = Array.from({ length: 5 }, (_, i) => i);
    const asked: number[] = [];
    const response = csvResponse<number>('n.csv', ['n'], (n) => [n], async (offset, limit) => {
      asked.push(offset);
      return rows.slice(offset, offset + limit);
    }, { batch: 2 });
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="n.csv"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the UTF-8 byte-order mark
    expect(new TextDecoder().decode(bytes)).toBe('n\r\n0\r\n1\r\n2\r\n3\r\n4\r\n');
    expect(asked).toEqual([0, 2, 4]);
  });
});
