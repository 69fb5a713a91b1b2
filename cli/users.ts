// `users create-admin`: a system administrator made by whoever runs the server (the only way, besides
// OWNER_EMAIL and the demo data, that an install gets its owner; nobody becomes one by registering).
import * as z from "zod/mini";
import { registerSchema } from "../domain/auth.ts";
import { EXIT_OK, type Io, UsageError } from "./io.ts";
import { roleLabels } from "../domain/roles.ts";
import { MOSCOW } from "../domain/dates.ts";
import { personName } from "../domain/format.ts";
import type { ExistingAccount } from "../db/users.ts";

export interface CreateAdminOptions {
  email: string;
  name: string;
  password?: string;
  db?: string;
  /** Make the account that already has this e-mail the system administrator. */
  promote?: boolean;
}

/** Where the password comes from when --password is not given. */
export const PASSWORD_ENV = "ADMIN_PASSWORD";

/** The checks of the registration form: a valid e-mail, a password of at least 6 characters. */
const adminSchema = z.object({ email: registerSchema.shape.email, password: registerSchema.shape.password });

/** Reads a line from the terminal without echoing it; null when stdin is not a terminal. */
async function promptHidden(question: string): Promise<string | null> {
  if (!Deno.stdin.isTerminal()) return null;
  const encoder = new TextEncoder();
  await Deno.stdout.write(encoder.encode(question));
  Deno.stdin.setRaw(true);
  const bytes: number[] = [];
  const buffer = new Uint8Array(64);
  try {
    read: while (true) {
      const n = await Deno.stdin.read(buffer);
      if (n === null) break;
      for (const b of buffer.subarray(0, n)) {
        if (b === 13 || b === 10) break read;
        if (b === 3) throw new UsageError("прервано");
        if (b === 127 || b === 8) bytes.pop();
        else bytes.push(b);
      }
    }
  } finally {
    Deno.stdin.setRaw(false);
    await Deno.stdout.write(encoder.encode("\n"));
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

async function readPassword(option: string | undefined): Promise<string> {
  const given = option ?? Deno.env.get(PASSWORD_ENV);
  if (given !== undefined) return given;
  const typed = await promptHidden("Пароль: ");
  if (typed === null) {
    throw new UsageError(
      `пароль: укажите --password, переменную ${PASSWORD_ENV} или введите его в терминале`,
    );
  }
  const again = await promptHidden("Пароль ещё раз: ");
  if (again !== typed) throw new UsageError("пароли не совпадают");
  return typed;
}

/** "Иван Петров" → first name "Иван", last name "Петров" (the rest of the words). */
function splitName(name: string): { firstName: string; lastName: string } {
  const [firstName = "", ...rest] = name.trim().split(/\s+/);
  if (!firstName) throw new UsageError('--name: ожидается имя и фамилия, получено ""');
  return { firstName, lastName: rest.join(" ") };
}

/** «Иван Петров, роль «Клиент», компания —, зарегистрирован 25.11.2026» for the operator to judge. */
function describeAccount(account: ExistingAccount): string {
  const name = personName(account.firstName, account.lastName) || "без имени";
  const registered = account.createdAt.toLocaleDateString("ru-RU", { timeZone: MOSCOW });
  return `${name}, роль «${roleLabels[account.role]}», компания ${account.companyName ?? "—"}, ` +
    `зарегистрирован ${registered}${account.isActive ? "" : ", отключён"}`;
}

/**
 * `users create-admin --email E --name N [--password P] [--promote]`: writes a system_admin into the app database
 * (--db or DATABASE_URL). It is the owner when its e-mail is OWNER_EMAIL or, with none configured,
 * when the install has no owner yet. A taken e-mail is refused (exit 2) with whose account it is, unless
 * --promote makes that account the system administrator.
 */
export async function createAdminCommand(opts: CreateAdminOptions, io: Io): Promise<number> {
  const { firstName, lastName } = splitName(opts.name);
  const password = await readPassword(opts.password);
  const parsed = adminSchema.safeParse({ email: opts.email, password });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const option = issue.path[0] === "email" ? "--email" : "пароль";
    throw new UsageError(`${option}: ${issue.message}`);
  }
  const url = opts.db ?? Deno.env.get("DATABASE_URL") ?? "file:data/app.db";
  const [{ openDb, migrateDb }, { createSystemAdmin }, { hashPassword }] = await Promise.all([
    import("../db/client.ts"),
    import("../db/users.ts"),
    import("../db/password.ts"),
  ]);
  const db = await openDb(url, { authToken: Deno.env.get("DATABASE_AUTH_TOKEN") });
  try {
    await migrateDb(db);
    const result = await createSystemAdmin(db, {
      email: parsed.data.email,
      firstName,
      lastName,
      passwordHash: await hashPassword(parsed.data.password),
    }, { ownerEmail: Deno.env.get("OWNER_EMAIL")?.trim() || null, promote: opts.promote });
    const email = parsed.data.email;
    if (result.kind === "taken") {
      throw new UsageError(
        `${email}: уже зарегистрирован (${describeAccount(result.account)}); чтобы сделать этот аккаунт ` +
          `системным администратором с вашим паролем, повторите команду с --promote, или укажите другой --email`,
      );
    }
    const owner = result.isOwner ? ", главный администратор (владелец)" : "";
    if (result.kind === "promoted") {
      io.out(`Аккаунт ${email}: ${describeAccount(result.account)}`);
      io.out(
        `Назначен системным администратором${owner} (id ${result.id}); пароль заменён, прежние сеансы завершены`,
      );
    } else {
      io.out(`Создан системный администратор ${email} (id ${result.id})${owner}`);
    }
    return EXIT_OK;
  } finally {
    db.$client.close();
  }
}
