import { Hono } from "hono";
import { z } from "zod";
import {
  calendarFeedOwner,
  CrewRuleError,
  deleteCrew,
  issueCalendarFeed,
  listCrews,
  personTasks,
  revokeCalendarFeed,
  saveCrew,
} from "../../db/schedule.ts";
import { findObject } from "../../db/objects.ts";
import { assignableUsers } from "../../db/tasks.ts";
import { taskManagerRoles } from "../../domain/tasks.ts";
import { addDays, type Site, suggestDays } from "../../domain/schedule.ts";
import { moscowDate } from "../../domain/dates.ts";
import { displayName } from "../../domain/format.ts";
import { staffRoles } from "../../domain/roles.ts";
import { forbidden, invalid, notFound } from "../errors.ts";
import { validate } from "../validate.ts";
import { companyScope, currentUser, requireApi } from "../middleware/guard.ts";
import { validIdParam } from "../query.ts";
import { calendarFeed } from "../calendar_feed.ts";
import type { AppEnv } from "../types.ts";

const crewBody = z.object({
  name: z.string().trim().min(1, "Название бригады обязательно").max(100, "Не длиннее 100 символов"),
  foremanId: z.number().int().positive().nullable().optional(),
  memberIds: z.array(z.number().int().positive()).max(50).default([]),
}).strict();

const suggestQuery = z.object({
  objectId: z.coerce.number().int().positive({ error: "Выберите объект" }),
  personId: z.coerce.number().int().positive({ error: "Выберите исполнителя" }),
});

/** The company a schedule change belongs to (a system administrator acts in their own company). */
function companyOf(user: { companyId: number | null }): number {
  if (user.companyId === null) throw forbidden("Расписание ведётся в компании");
  return user.companyId;
}

function crewError(error: unknown): never {
  if (error instanceof CrewRuleError) throw invalid({ [error.field]: [error.message] });
  throw error;
}

/** Crews (named groups of a foreman and workers): staff read them, the roles that assign tasks manage them. */
export const crewsApi = new Hono<AppEnv>()
  .use(requireApi(staffRoles))
  .get("/", async (c) => c.json(await listCrews(c.get("deps").db, companyScope(currentUser(c)))))
  .use(requireApi(taskManagerRoles))
  .post("/", validate("json", crewBody), async (c) => {
    const user = currentUser(c);
    const body = c.req.valid("json");
    const crew = await saveCrew(c.get("deps").db, companyOf(user), {
      ...body,
      foremanId: body.foremanId ?? null,
    })
      .catch(crewError);
    return c.json(crew, 201);
  })
  .put("/:id", validIdParam, validate("json", crewBody), async (c) => {
    const user = currentUser(c);
    const body = c.req.valid("json");
    const crew = await saveCrew(
      c.get("deps").db,
      companyOf(user),
      { ...body, foremanId: body.foremanId ?? null },
      c.req.valid("param").id,
    ).catch(crewError);
    if (!crew) throw notFound("Бригада не найдена");
    return c.json(crew);
  })
  .delete("/:id", validIdParam, async (c) => {
    const user = currentUser(c);
    if (!(await deleteCrew(c.get("deps").db, companyOf(user), c.req.valid("param").id))) {
      throw notFound("Бригада не найдена");
    }
    return c.json({ ok: true });
  });

/** «Подобрать день»: the days of the next two weeks on which the site fits the person's route. */
export const scheduleApi = new Hono<AppEnv>()
  .use(requireApi(staffRoles))
  .get("/suggest", validate("query", suggestQuery), async (c) => {
    const user = currentUser(c);
    const { objectId, personId } = c.req.valid("query");
    const { db, now } = c.get("deps");
    const scope = companyScope(user);
    const object = await findObject(db, scope, objectId);
    if (!object) throw notFound("Объект не найден");
    const person = (await assignableUsers(db, scope)).find((u) => u.id === personId);
    if (!person || person.companyId !== object.companyId) throw notFound("Исполнитель не найден");
    const from = addDays(moscowDate(now()), 1);
    const tasks = await personTasks(db, object.companyId, personId, {
      from,
      to: addDays(from, 13),
      now: now(),
    });
    const byDay = new Map<string, Site[]>();
    for (const t of tasks) byDay.set(t.scheduledDate!, [...byDay.get(t.scheduledDate!) ?? [], t]);
    return c.json(suggestDays(object, byDay, { from }));
  });

/**
 * The person's own private calendar feed: POST issues a new link (the former one stops working), DELETE
 * revokes it; GET /:token is the feed itself, public, read by a phone's calendar.
 */
export const calendarFeedApi = new Hono<AppEnv>()
  .get("/:token", validate("param", z.object({ token: z.string().max(100) })), async (c) => {
    const token = c.req.valid("param").token.replace(/\.ics$/, "");
    const { db, now, env } = c.get("deps");
    const owner = /^[0-9a-f]{64}$/.test(token) ? await calendarFeedOwner(db, token) : null;
    if (!owner) throw notFound("Ссылка на календарь отозвана или не существует");
    const from = addDays(moscowDate(now()), -30);
    const tasks = await personTasks(db, owner.companyId, owner.id, {
      from,
      to: addDays(from, 150),
      now: now(),
    });
    const body = calendarFeed(tasks, {
      name: displayName(owner),
      origin: env.PUBLIC_URL ?? new URL(c.req.url).origin,
    });
    return c.body(body, 200, { "Content-Type": "text/calendar; charset=utf-8", "Cache-Control": "no-store" });
  })
  .use(requireApi(staffRoles))
  .post("/", async (c) => {
    const user = currentUser(c);
    const { db, now, env } = c.get("deps");
    const token = await issueCalendarFeed(db, user.id, now());
    const origin = (env.PUBLIC_URL ?? new URL(c.req.url).origin).replace(/\/$/, "");
    return c.json({ url: `${origin}/api/calendar-feed/${token}.ics` }, 201);
  })
  .delete("/", async (c) => {
    if (!(await revokeCalendarFeed(c.get("deps").db, currentUser(c).id))) {
      throw notFound("Ссылки на календарь нет");
    }
    return c.json({ ok: true });
  });
