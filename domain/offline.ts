// Field work with no signal (issue 16): the id a phone gives each queued request, so that the server can
// recognise a repeat of a request it already answered.
import { z } from "zod";

/** A client-generated id (a UUID from the phone): letters, digits and dashes, 8–64 characters. */
export const clientIdSchema = z.string().regex(/^[A-Za-z0-9-]{8,64}$/, "Некорректный идентификатор запроса");
