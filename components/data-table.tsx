import { useId, type ReactNode } from 'react';

export type DataTableColumn<T> = {
  /** Stable key for the column (React key). */
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Render this column's cells as `<th scope="row">` (use for the column that names the row). */
  rowHeader?: boolean;
  className?: string;
};

type DataTableProps<T> = {
  caption: ReactNode;
  /** Keep the caption for screen readers only, when a visible heading already says it. */
  captionHidden?: boolean;
  columns: DataTableColumn<T>[];
  rows: T[];
  rowKey: (row: T, index: number) => string | number;
  emptyMessage?: ReactNode;
  /** USWDS stacked layout on narrow screens (cells get their header as a label). */
  stacked?: boolean;
  className?: string;
};

/** Borderless USWDS table in a focusable, scrollable wrapper. Works in server and client components. */
export function DataTable<T>({
  caption,
  captionHidden,
  columns,
  rows,
  rowKey,
  emptyMessage = 'Nothing to show yet.',
  stacked,
  className,
}: DataTableProps<T>) {
  const captionId = useId();
  const tableClass = [
    'usa-table usa-table--borderless width-full',
    stacked && 'usa-table--stacked',
    className,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className="usa-table-container--scrollable" tabIndex={0} role="region" aria-labelledby={captionId}>
      <table className={tableClass}>
        <caption id={captionId}>
          {captionHidden ? <span className="usa-sr-only">{caption}</span> : caption}
        </caption>
        <thead>
          <tr>
            {columns.map((col) => (
              <th key={col.key} scope="col" className={col.className}>
                {col.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length}>{emptyMessage}</td>
            </tr>
          ) : (
            rows.map((row, i) => (
              <tr key={rowKey(row, i)}>
                {columns.map((col) => {
                  const label = typeof col.header === 'string' ? col.header : undefined;
                  return col.rowHeader ? (
                    <th key={col.key} scope="row" className={col.className} data-label={label}>
                      {col.cell(row)}
                    </th>
                  ) : (
                    <td key={col.key} className={col.className} data-label={label}>
                      {col.cell(row)}
                    </td>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
