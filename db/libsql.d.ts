// The part of the `libsql` package's API the session reader uses. Its own types pull in @types/node, which
// would replace Deno's types of the node: modules for the whole program.
export default class Database {
  constructor(path: string);
  prepare(sql: string): Statement;
  close(): void;
}

export interface Statement {
  raw(toggle?: boolean): Statement;
  get(...params: unknown[]): unknown;
}
