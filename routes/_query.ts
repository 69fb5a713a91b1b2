/** A query parameter as a positive whole number (an id, a page), or undefined. */
export function positiveInt(value: string | undefined): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}
