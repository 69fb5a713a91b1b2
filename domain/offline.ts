// Field work with no signal: the id a phone gives each queued request, so that the server can
// recognise a repeat of a request it already answered.
import { z } from "zod";

const CLIENT_ID = /^[A-Za-z0-9-]{8,64}$/;
const CLIENT_ID_MESSAGE = "Некорректный идентификатор запроса";

/** A client-generated id (a UUID from the phone): letters, digits and dashes, 8–64 characters. */
export const clientIdSchema = z.string().regex(CLIENT_ID, CLIENT_ID_MESSAGE);

/** Whether a form field holds a client-generated id. */
export function isClientId(value: string): boolean {
  return CLIENT_ID.test(value);
}

/**
 * The key a request's repeat is recognised by: the phone's id within who sent it and what
 * it names, so that another user's request, or one for another object or task, that carries the same id is
 * a request of its own and never answers (or drops) someone else's record. Stored in the `client_id` columns.
 * `requestKey("3f2a…", { user: 5, object: 12, task: 3 })` → `"u5.object12.task3:3f2a…"`.
 */
export function requestKey(
  clientId: string,
  names: { user: number } & Record<string, number | null>,
): string {
  const { user, ...rest } = names;
  const parts = Object.entries(rest).map(([name, id]) => `${name}${id ?? "-"}`);
  return [`u${user}`, ...parts].join(".") + ":" + clientId;
}
