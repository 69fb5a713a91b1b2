// The islands' API client: Hono's `hc` typed by the server's routes (server/api_type.ts, a type-only import, so
// no server code reaches a bundle), JSON in and out, errors as ApiRequestError with the server's field messages.
import { type ClientResponse, hc } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";
import type { Api } from "../server/api_type.ts";
import { toast } from "./toast.ts";

export class ApiRequestError extends Error {
  constructor(readonly status: number, message: string, readonly errors: Record<string, string[]> = {}) {
    super(message);
  }
}

/**
 * Every route of `/api`, typed: `await call(client.tasks[":id"].$patch({ param: { id }, json: { status } }))`.
 * A renamed route, field or answer fails the type check of the island that uses it.
 */
export const client = hc<Api>("/api", { fetch: sendToApi });

/** The JSON of a success answer of a typed call (the shapes a route answers with a 2xx status). */
export type OkJson<R> = R extends ClientResponse<infer T, infer S, infer _F>
  ? ([Extract<S, SuccessStatusCode>] extends [never] ? never : T)
  : never;

/** The success JSON of a client method: `type View = Answer<typeof client.objects[":id{[0-9]+}"]["$get"]>`. */
// deno-lint-ignore no-explicit-any
export type Answer<F extends (...args: any[]) => Promise<unknown>> = OkJson<Awaited<ReturnType<F>>>;

/** The JSON body a client method takes, for a payload an island checked with the same schema beforehand. */
// deno-lint-ignore no-explicit-any
export type JsonOf<F extends (...args: any[]) => unknown> = Parameters<F>[0] extends { json: infer J } ? J
  : never;

/** The answer of a typed call read as JSON; an error answer throws ApiRequestError with its messages. */
export async function call<R extends ClientResponse<unknown, number, "json" | "text" | string>>(
  request: Promise<R>,
): Promise<OkJson<R>> {
  return await readAnswer(await request) as OkJson<R>;
}

/**
 * The client whose every request carries `query` (a storefront's `?shop=3`, which the shop's routes read
 * outside their validators, so the typed methods take no `query` for it); "" is the plain client.
 */
export function clientWithQuery(query: string): typeof client {
  if (!query) return client;
  return hc<Api>("/api", {
    fetch: (input: RequestInfo | URL, init?: RequestInit) => sendToApi(`${input}${query}`, init),
  });
}

/**
 * The options of a typed call that sends a FormData upload: the upload routes read their multipart body by
 * streaming (server/multipart.ts), not through a validator, so `hc` has no `form:` type for them; their
 * answer is still typed. `hc` spreads `init` last, so the body is sent as it is (the browser sets the boundary).
 */
export function withUpload(form: FormData): { init: RequestInit } {
  return { init: { body: form } };
}

/**
 * The call to an address an island gets in its props (the foreman's transitions, a visit's signature): the
 * page's route chose it, so it has no method of the typed client; JSON in, the answer only checked.
 */
export async function sendJson(path: string, body: unknown = {}, method = "POST"): Promise<void> {
  const res = await sendToApi(path, {
    method,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  await readAnswer(res);
}

/** fetch() with the session's cookie; no connection is said in Russian, a lost session goes to sign-in. */
async function sendToApi(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("Accept", "application/json");
  let res: Response;
  try {
    res = await fetch(input, { ...init, headers, credentials: "same-origin" });
  } catch {
    throw new ApiRequestError(0, "Нет связи с сервером. Проверьте подключение и повторите.");
  }
  // A wrong password on /api/login is a 401 too, but it is answered on the form, not by a redirect.
  if (res.status === 401 && !String(input instanceof Request ? input.url : input).startsWith("/api/login")) {
    // The session is gone: say so and go to sign-in, coming back here afterwards. The spec's English
    // 'Unauthorized' toast is said in Russian: every message a person sees is Russian.
    toast({
      title: "Требуется вход",
      description: "Вы вышли из системы. Переходим ко входу…",
      variant: "destructive",
    });
    setTimeout(
      () => location.assign(`/login?next=${encodeURIComponent(location.pathname + location.search)}`),
      500,
    );
  }
  return res;
}

async function readAnswer(res: { ok: boolean; status: number; text(): Promise<string> }): Promise<unknown> {
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    throw new ApiRequestError(res.status, unreadableAnswer(res.status));
  }
  if (!res.ok) {
    const err = data as { message?: string; errors?: Record<string, string[]> } | null;
    throw new ApiRequestError(res.status, err?.message ?? unreadableAnswer(res.status), err?.errors);
  }
  return data;
}

/** What a person is told when the answer carries no message of ours (a proxy's page, an empty body). */
function unreadableAnswer(status: number): string {
  if (status >= 200 && status < 300) return "Сервер прислал непонятный ответ. Обновите страницу и повторите.";
  return `Ошибка сервера (${status}). Повторите попытку позже.`;
}
