// POST /api/unsubscribe/:token: the reminder's unsubscribe link, posted from /unsubscribe/:token. Needs no session:
// the token (of which only the hash is kept with the message) is the proof.
import { Hono } from "hono";
import { z } from "zod";
import { unsubscribeByToken } from "../../db/outbox.ts";
import { notFound } from "../errors.ts";
import { validate } from "../validate.ts";
import type { AppEnv } from "../types.ts";

const tokenParam = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, "Ссылка не найдена") });

export const unsubscribeApi = new Hono<AppEnv>()
  .post("/:token", validate("param", tokenParam), async (c) => {
    const { token } = c.req.valid("param");
    const company = await unsubscribeByToken(c.get("deps").db, token, c.get("deps").now());
    if (company === null) throw notFound("Ссылка не найдена");
    return c.redirect(`/unsubscribe/${token}?done=1`, 303);
  });
