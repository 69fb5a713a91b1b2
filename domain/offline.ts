// Field work with no signal (issue 16): the id a phone gives each queued request, so that the server can
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
