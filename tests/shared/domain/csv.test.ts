import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, toCsv } from '@/shared/domain/csv';

// spec: dashboards 9 "CSV comma-separated"; the issue: quoting survives commas, quotes,
// newlines and leading = + - @ (formula injection).
describe('csvCell', () => {
  it('leaves plain text alone', () => {
    expect(csvCell('Jane Doe')).toBe('Jane Doe');
    expect(csvCell('')).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
  });

  it('quotes commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvCell('Doe, Jane')).toBe('"Doe, Jane"');
    expect(csvCell('The "Ace" Firm')).toBe('"The ""Ace"" Firm"');
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it('neutralises spreadsheet formulas by prefixing an apostrophe', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell('+1 555 0100')).toBe("'+1 555 0100");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
  });

  it('keeps leading or trailing spaces by quoting', () => {
    expect(csvCell(' padded ')).toBe('" padded "');
  });
});

describe('toCsv', () => {
  it('writes rows with CRLF line ends', () => {
    expect(csvLine(['a', 'b,c'])).toBe('a,"b,c"');
    expect(
      toCsv([
        ['Contact Name', 'Status'],
        ['Doe, Jane', 'Hired'],
      ]),
    ).toBe('Contact Name,Status\r\n"Doe, Jane",Hired\r\n');
    expect(toCsv([])).toBe('');
  });
});
