/** A table's head row: one column header per name, a null name leaving its column out. */
export default function ColumnHeads({ columns }: { columns: readonly (string | null)[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) =>
          column === null ? null : (
            <th scope="col" key={column}>
              {column}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
