/**
 * CSV as RFC 4180 writes it, for spreadsheets an accountant opens: a header row, CRLF line ends,
 * a field quoted when it holds a comma, a quote, CR or LF (quotes doubled). A text cell that a
 * spreadsheet would read as a formula (= + - @, tab, CR first) gets a leading apostrophe, so a
 * product named `=HYPERLINK(…)` stays text (OWASP "CSV injection"). Numbers we write ourselves
 * (naira, counts) are never guarded: a refund of -5.00 must stay a number.
 */

const CSV_EOL = '\r\n';

/** Kobo to be written as naira (never formula-guarded: it is our number). */
export interface Money {
  kobo: number;
}

/** An amount cell. */
export const money = (kobo: number): Money => ({ kobo });

/** A cell's value: text (guarded), a number or amount we computed (written as is), or nothing (empty). */
export type Cell = string | number | Money | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One text field: formula-guarded, then quoted when RFC 4180 asks for it. */
function csvText(value: string): string {
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** One record, CRLF-terminated. */
export function csvRow(cells: readonly Cell[]): string {
  return (
    cells
      .map((c) =>
        c === null || c === undefined
          ? ''
          : typeof c === 'number'
            ? String(c)
            : typeof c === 'string'
              ? csvText(c)
              : naira(c.kobo),
      )
      .join(',') + CSV_EOL
  );
}

/**
 * Kobo as naira with two decimals and no grouping, a plain number a spreadsheet sums:
 * 123456 → "1234.56", 5 → "0.05", -250 → "-2.50". Integer arithmetic, no float rounding.
 */
function naira(kobo: number): string {
  if (!Number.isSafeInteger(kobo)) throw new Error(`not whole kobo: ${kobo}`);
  const abs = Math.abs(kobo);
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return kobo < 0 ? `-${text}` : text;
}
