// The body of an estimate's table, by section: the editor, the print sheet and the estimate view.
import type { ReactNode } from "react";
import { formatKopecks } from "../domain/format.ts";

/** An estimate's lines by section, in the order of the lines, with each section's subtotal. */
export function groupBySection<T extends { section: string; totalPrice: number }>(items: readonly T[]) {
  const groups: { section: string; items: T[]; subtotal: number }[] = [];
  for (const item of items) {
    let group = groups[groups.length - 1];
    if (!group || group.section !== item.section) {
      group = { section: item.section, items: [], subtotal: 0 };
      groups.push(group);
    }
    group.items.push(item);
    group.subtotal += item.totalPrice;
  }
  return groups;
}

/** A `tbody` per section: the section's heading row, its lines, its subtotal in the last money column. */
export function SectionBodies<T extends { section: string; totalPrice: number }>(
  { items, columns, line, classes, subtotalLabel = () => "Итого по разделу", trailingCell = false }: {
    items: readonly T[];
    /** The table's number of columns. */
    columns: number;
    line: (item: T, index: number) => ReactNode;
    /** The classes of the heading row and of the subtotal row. */
    classes: { section: string; subtotal?: string };
    subtotalLabel?: (section: string) => string;
    /** An empty cell after the subtotal (the editor's delete column). */
    trailingCell?: boolean;
  },
) {
  return groupBySection(items).map((g, gi) => (
    <tbody key={`${g.section}-${gi}`}>
      <tr className={classes.section}>
        <th scope="rowgroup" colSpan={columns}>{g.section}</th>
      </tr>
      {g.items.map(line)}
      <tr className={classes.subtotal}>
        <td colSpan={columns - (trailingCell ? 2 : 1)}>{subtotalLabel(g.section)}</td>
        <td className="num">{formatKopecks(g.subtotal)}</td>
        {trailingCell && <td />}
      </tr>
    </tbody>
  ));
}
