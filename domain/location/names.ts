import { districtTable } from "./data.ts";

/** District names in Russian alphabetical order. */
export const districtNames: readonly string[] = districtTable.map((d) => d.name).sort((a, b) =>
  a.localeCompare(b, "ru")
);
