import { describe, expect, it } from 'vitest';
import { csvRow, money } from './csv.js';

/** One amount cell as a row writes it (without the row's CRLF). */
const naira = (kobo: number) => csvRow([money(kobo)]).slice(0, -2);
/** One text cell as a row writes it (without the row's CRLF). */
const csvText = (value: string) => csvRow([value]).slice(0, -2);

describe('naira', () => {
  it('writes kobo as naira with two decimals, no grouping', () => {
    expect(naira(0)).toBe('0.00');
    expect(naira(5)).toBe('0.05');
    expect(naira(100)).toBe('1.00');
    expect(naira(123456)).toBe('1234.56');
    expect(naira(100_000_000_07)).toBe('100000000.07');
  });

  it('keeps the sign of a negative amount', () => {
    expect(naira(-250)).toBe('-2.50');
    expect(naira(-5)).toBe('-0.05');
    expect(naira(-123456)).toBe('-1234.56');
  });

  it('refuses what is not whole kobo', () => {
    expect(() => naira(1.5)).toThrow(/whole kobo/);
  });
});

describe('csv cells and rows (RFC 4180)', () => {
  it('quotes a field with a comma, a quote, CR or LF, doubling quotes', () => {
    expect(csvText('plain')).toBe('plain');
    expect(csvText('Rice, beans')).toBe('"Rice, beans"');
    expect(csvText('6" pizza')).toBe('"6"" pizza"');
    expect(csvText('two\nlines')).toBe('"two\nlines"');
    expect(csvText('a\r\nb')).toBe('"a\r\nb"');
  });

  it('ends each record with CRLF and leaves nothing empty as an empty field', () => {
    expect(csvRow(['a', null, undefined, 'b'])).toBe('a,,,b\r\n');
  });

  it('guards cells a spreadsheet would run as formulas with an apostrophe', () => {
    expect(csvText('=HYPERLINK("http://evil.example","Click")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""Click"")"`,
    );
    expect(csvText('-5')).toBe("'-5");
    expect(csvText('+2348031234567')).toBe("'+2348031234567");
    expect(csvText('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvText('\tinvisible')).toBe("'\tinvisible");
    expect(csvText('\rcarriage')).toBe(`"'\rcarriage"`);
    expect(csvText('a=b')).toBe('a=b');
  });

  it('writes our own numbers and amounts unguarded', () => {
    expect(csvRow([money(-500), 3, money(123456), '-5'])).toBe("-5.00,3,1234.56,'-5\r\n");
  });
});
