import { useId, type ReactNode } from 'react';

/** A column: its heading, the cell of a row, and whether it holds numbers (right-aligned). */
export interface Column<R> {
  header: string;
  cell: (row: R) => ReactNode;
  numeric?: boolean;
}

/**
 * The numbers of a chart or a list as a real table: a caption naming it, column headings and each
 * row's first cell as its heading (scope), so a screen reader reads "Mon 23 Nov, Orders, 12".
 * It scrolls inside its frame on a narrow screen, and the frame takes the keyboard's focus then.
 */
export function DataTable<R>({
  caption,
  columns,
  rows,
  rowKey,
  footer,
  tall = false,
}: {
  caption: string;
  columns: Column<R>[];
  rows: R[];
  rowKey: (row: R) => string;
  /** A last row (a total), its cells as given. */
  footer?: ReactNode[];
  /** Many rows (a day each): the table scrolls within a bounded height. */
  tall?: boolean;
}) {
  const captionId = useId();
  const align = (c: Column<R>) => (c.numeric ? 'text-right tabular-nums' : 'text-left');
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      // A frame that scrolls takes the focus, so a keyboard can scroll it (axe: scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      // Its own width is its frame's (contain): a wide table scrolls inside rather than widening the page.
      className={`overflow-auto rounded-xl border border-stone-200 bg-white [contain:inline-size] ${tall ? 'max-h-80' : ''}`}
    >
      <table className="w-full border-collapse text-sm">
        <caption id={captionId} className="px-3 py-2 text-left text-sm font-semibold text-stone-800">
          {caption}
        </caption>
        <thead className="sticky top-0 bg-stone-100">
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={`px-3 py-2 font-semibold text-stone-700 ${align(c)}`}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-t border-stone-100">
              {columns.map((c, i) =>
                i === 0 ? (
                  <th key={c.header} scope="row" className={`px-3 py-1.5 font-medium ${align(c)}`}>
                    {c.cell(row)}
                  </th>
                ) : (
                  <td key={c.header} className={`px-3 py-1.5 ${align(c)}`}>
                    {c.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
        {footer && (
          <tfoot className="sticky bottom-0 bg-white font-semibold shadow-[0_-2px_0_var(--color-stone-300),0_8px_0_white]">
            <tr>
              {footer.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row" className={`px-3 py-2 ${align(columns[i]!)}`}>
                    {cell}
                  </th>
                ) : (
                  <td key={i} className={`px-3 py-2 ${align(columns[i]!)}`}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
