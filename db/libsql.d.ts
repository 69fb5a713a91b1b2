// The part of the `libsql` package's API this project uses (the session reader, the change counters' reader and the statement cache). Its
// own types pull in @types/node, which would replace Deno's types of the node: modules for the whole program.
export default class Database {
  constructor(path: string, options?: { timeout?: number });
  readonly open: boolean;
  readonly inTransaction: boolean;
  prepare(sql: string): Statement;
  exec(sql: string): void;
  close(): void;
  static SqliteError: new (message: string, code: string, rawCode?: number) => Error & {
    code: string;
    rawCode?: number;
  };
}

export interface Statement {
  readonly reader: boolean;
  raw(toggle?: boolean): Statement;
  safeIntegers(toggle?: boolean): Statement;
  columns(): { name: string; type: string | null }[];
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  run(...params: unknown[]): { changes: number; lastInsertRowid: number | bigint };
}
