// The tables of lists and documents: the scrolling wrapper and the row of column heads, written once.
import type { ReactNode } from "react";

/** A column head: its text, or with a class (`num` right-aligns a figure) and `hidden` to name it only for readers. */
export type Column = string | { label: string; className?: string; hidden?: boolean };

/** A table in its scrolling wrapper with one row of column heads; the children are its bodies and foot. */
export function Table(
  { columns, className, children }: { columns: Column[]; className?: string; children: ReactNode },
) {
  return (
    <div className="table-wrap">
      <table className={className ? `table ${className}` : "table"}>
        <thead>
          <tr>
            {columns.map((column, i) => {
              const { label, className, hidden } = typeof column === "string" ? { label: column } : column;
              return (
                <th key={i} scope="col" className={className}>
                  {hidden ? <span className="visually-hidden">{label}</span> : label}
                </th>
              );
            })}
          </tr>
        </thead>
        {children}
      </table>
    </div>
  );
}

/** A right-aligned figure column. */
export const num = (label: string): Column => ({ label, className: "num" });
