// ПолеСмета command line: `deno task cli -- <command> …`.
// Exit codes: 0 success, 1 when any input failed, 2 on wrong usage.
import { Command, CommanderError, Option } from "commander";
import "../domain/zod_messages.ts";
import { vatModes } from "../estimating/mod.ts";
import { catalogueListCommand } from "./catalogue.ts";
import { generateCommand, parseEquipmentPriceOption, schemaCommand } from "./estimate.ts";
import { oneLine } from "./files.ts";
import { exportCommand, importCommand } from "./price_list.ts";
import { createAdminCommand, PASSWORD_ENV } from "./users.ts";
import { createBackupCommand, restoreBackupCommand, verifyBackupCommand } from "./backup.ts";
import {
  EXIT_INPUT_FAILED,
  EXIT_OK,
  EXIT_USAGE,
  type Io,
  parseDateOption,
  parseDiscountOption,
  processIo,
  today,
  UsageError,
} from "./io.ts";

/** Builds the command tree; each action stores its exit code in `result.code`. */
export function buildProgram(io: Io, result: { code: number }): Command {
  const program = new Command("polesmeta")
    .description("ПолеСмета: сметы по замерам, каталог станций, прайс-листы, администраторы")
    .exitOverride()
    .showHelpAfterError("(подробнее: --help)")
    .configureOutput({
      writeOut: (s) => io.out(s.replace(/\n$/, "")),
      writeErr: (s) => io.err(s.replace(/\n$/, "")),
    });
  const run = (f: () => Promise<number> | number) => async () => {
    result.code = await f();
  };

  const estimate = program.command("estimate").description("сметы по документам замера");
  estimate
    .command("generate")
    .description("одна смета на каждый файл замера (.json); папки обходятся рекурсивно")
    .argument("<paths...>", "файлы или папки с документами замера")
    .option("--price-list <file>", "прайс-лист компании (.json, .xlsx или .csv); иначе базовый")
    .option("--out <dir>", "папка для смет", "out")
    .addOption(new Option("--format <format>", "формат смет").choices(["xlsx", "json"]).default("xlsx"))
    .addOption(
      new Option("--vat <mode>", "НДС: 5, 7, 22 — сверху; incl-5, incl-7, incl-22 — цены с НДС (в т.ч. НДС)")
        .choices(vatModes.map((v) => v.value)).default("none"),
    )
    .option(
      "--discount <discount>",
      "скидка до НДС, как в редакторе сметы: процент (5%) или сумма в рублях (10000)",
    )
    .option("--date <date>", "дата смет ГГГГ-ММ-ДД (по умолчанию сегодня)")
    .option(
      "--equipment-price <basis>",
      "цена станции: retail — РРЦ производителя (по умолчанию), dealer — дилерская, dealer+N — дилерская + N %",
    )
    .option(
      "--requisites <file>",
      "реквизиты компании для шапки Excel (JSON: name, inn, kpp, address, phone …)",
    )
    .option("--internal", "Excel «Для себя»: с артикулами, материалами и работами, примечаниями замерщика")
    .option("--quiet", "не печатать строку на каждую смету")
    .action((paths: string[], opts) =>
      run(() =>
        generateCommand(paths, {
          ...opts,
          date: opts.date !== undefined ? parseDateOption(opts.date) : today(),
          equipmentPrice: opts.equipmentPrice !== undefined
            ? parseEquipmentPriceOption(opts.equipmentPrice)
            : undefined,
          discount: opts.discount !== undefined ? parseDiscountOption(opts.discount) : undefined,
        }, io)
      )()
    );
  estimate
    .command("schema")
    .description("JSON Schema документа замера")
    .action(() => run(() => schemaCommand(io))());

  const catalogue = program.command("catalogue").description("каталог станций");
  catalogue
    .command("list")
    .description("модели станций")
    .option("--brand <brand>", "только этот производитель (topas, topas_c, biodeka, …)")
    .option("--json", "массив записей каталога в JSON")
    .action((opts) => run(() => catalogueListCommand(opts, io))());

  const priceList = program.command("price-list").description("прайс-листы");
  priceList
    .command("import")
    .description("импорт прайс-листа (.xlsx, .csv, .json): в файл или в прайс-лист компании в базе")
    .argument("<file>", "файл прайс-листа")
    .option("--company <id>", "id компании: импорт в базу приложения")
    .option("--db <url>", "URL базы (по умолчанию DATABASE_URL или file:data/app.db)")
    .option("--out <file>", "файл прайс-листа без --company (по умолчанию price-list.json)")
    .option("--name <name>", "название прайс-листа")
    .action((file: string, opts) => run(() => importCommand(file, opts, io))());
  priceList
    .command("export")
    .description("выгрузка прайс-листа в файл (.xlsx, .csv, .json)")
    .requiredOption("--out <file>", "файл для выгрузки")
    .option("--company <id>", "id компании: прайс-лист из базы")
    .option("--db <url>", "URL базы (по умолчанию DATABASE_URL или file:data/app.db)")
    .option("--price-list <file>", "без --company: исходный файл прайс-листа (иначе базовый)")
    .action((opts) => run(() => exportCommand(opts, io))());

  const users = program.command("users").description("учетные записи приложения");
  users
    .command("create-admin")
    .description(
      "системный администратор в базе приложения; первый (или с email из OWNER_EMAIL) — главный администратор",
    )
    .requiredOption("--email <email>", "email для входа")
    .requiredOption("--name <name>", "имя и фамилия")
    .option("--password <password>", `пароль (иначе переменная ${PASSWORD_ENV} или ввод в терминале)`)
    .option("--db <url>", "URL базы (по умолчанию DATABASE_URL или file:data/app.db)")
    .option("--promote", "если email уже зарегистрирован, сделать этот аккаунт системным администратором")
    .action((opts) => run(() => createAdminCommand(opts, io))());

  const backup = program.command("backup").description("резервные копии: база и загруженные файлы");
  backup
    .command("create")
    .description("архив .tar.gz: снимок базы (можно при работающем сервере), загруженные файлы, опись")
    .option("--out <dir>", "папка для архива (по умолчанию BACKUP_DIR или backups)")
    .option("--db <url>", "URL базы (по умолчанию DATABASE_URL или file:data/app.db)")
    .option("--data <dir>", "папка данных с uploads/ (по умолчанию DATA_DIR или data)")
    .action((opts) => run(() => createBackupCommand(opts, io))());
  backup
    .command("verify")
    .description("проверка архива: контрольные суммы, целостность базы, число строк")
    .argument("<file>", "архив .tar.gz")
    .action((file: string) => run(() => verifyBackupCommand(file, io))());
  backup
    .command("restore")
    .description("восстановление архива в пустую папку данных")
    .argument("<file>", "архив .tar.gz")
    .requiredOption("--data <dir>", "пустая папка данных (база app.db и uploads/)")
    .action((file: string, opts) => run(() => restoreBackupCommand(file, opts, io))());

  return program;
}

/** Runs the CLI with the given arguments and returns the exit code. */
export async function main(args: string[], io: Io = processIo): Promise<number> {
  const argv = args[0] === "--" ? args.slice(1) : args;
  const result = { code: EXIT_OK };
  const program = buildProgram(io, result);
  if (argv.length === 0) {
    program.outputHelp({ error: true });
    return EXIT_USAGE;
  }
  try {
    await program.parseAsync(argv, { from: "user" });
    return result.code;
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.code === "commander.helpDisplayed" || err.code === "commander.version") return EXIT_OK;
      if (err.code === "commander.help") return err.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
      return EXIT_USAGE;
    }
    if (err instanceof UsageError) {
      io.err(`ошибка: ${oneLine(err.message)}`);
      return EXIT_USAGE;
    }
    io.err(`ошибка: ${oneLine((err as Error)?.message ?? String(err))}`);
    return EXIT_INPUT_FAILED;
  }
}

if (import.meta.main) {
  // `deno task` runs in the folder of deno.json; paths on the command line are the caller's (INIT_CWD).
  const initCwd = Deno.env.get("INIT_CWD");
  if (initCwd && initCwd !== Deno.cwd()) {
    try {
      Deno.chdir(initCwd);
    } catch {
      // Keep the task's folder.
    }
  }
  Deno.exit(await main(Deno.args));
}
