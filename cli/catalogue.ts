// `catalogue list`.
import { brands, catalogue, formatRub } from "../estimating/mod.ts";
import { EXIT_OK, type Io, UsageError } from "./io.ts";

/** `catalogue list [--brand B] [--json]`: the station models, as a table or a JSON array of catalogue entries. */
export function catalogueListCommand(opts: { brand?: string; json?: boolean }, io: Io): number {
  let models = catalogue;
  if (opts.brand) {
    const brand = brands.find((b) =>
      b.id === opts.brand || b.label.toLowerCase() === opts.brand!.toLowerCase()
    );
    if (!brand) {
      throw new UsageError(
        `--brand: неизвестный производитель "${opts.brand}"; есть: ${brands.map((b) => b.id).join(", ")}`,
      );
    }
    models = catalogue.filter((m) => m.brand === brand.id);
  }
  if (opts.json) {
    io.out(JSON.stringify(models, null, 2));
    return EXIT_OK;
  }
  const rows = models.map((m) => [
    m.id,
    m.model,
    `${m.capacity}`,
    `${m.peakDischarge}`,
    `${m.dimensions.length}×${m.dimensions.width}×${m.dimensions.height}`,
    formatRub(m.dealerPrice * 100),
    formatRub(m.totalWithInstallation * 100),
  ]);
  const header = ["id", "Модель", "л/сут", "залп, л", "Габариты, мм", "Дилерская цена", "С монтажом"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const fmt = (r: string[]) =>
    r.map((c, i) => (i >= 2 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join("  ").trimEnd();
  io.out(fmt(header));
  for (const r of rows) io.out(fmt(r));
  io.out(`Моделей: ${models.length}`);
  return EXIT_OK;
}
