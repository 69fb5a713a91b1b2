// How an estimate's lines are shown: by section. Apart from estimates.ts so that islands need no zod for it.
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
