/**
 * The numbers of a chart as a table, for screen readers (the drawing beside it is hidden from
 * them): the chart's labels already show every number to sighted readers, so it is visually hidden
 * — by a wrapper, since a table grows to its content whatever its own width and overflow say.
 */
export function TextEquivalent({ columns, rows }: { columns: readonly string[]; rows: readonly (readonly string[])[] }) {
  return (
    <div className="sr-only">
      <table data-testid="chart-table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, index) => (
            <tr key={index}>
              {cells.map((cell, column) =>
                column === 0 ? (
                  <th key={column} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={column}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
