// fetch() for islands: JSON in and out, errors as ApiRequestError with the server's field messages.
import { toast } from "./toast.ts";

export class ApiRequestError extends Error {
  constructor(readonly status: number, message: string, readonly errors: Record<string, string[]> = {}) {
    super(message);
  }
}

export async function api<T = unknown>(
  path: string,
  init: { method?: string; body?: unknown; form?: FormData } = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  let body: BodyInit | undefined;
  if (init.form) body = init.form;
  else if (init.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(init.body);
  }
  let res: Response;
  try {
    res = await fetch(path, {
      method: init.method ?? (body ? "POST" : "GET"),
      headers,
      body,
      credentials: "same-origin",
    });
  } catch {
    throw new ApiRequestError(0, "Нет связи с сервером. Проверьте подключение и повторите.");
  }
  // A wrong password on /api/login is a 401 too, but it is answered on the form, not by a redirect.
  if (res.status === 401 && !path.startsWith("/api/login")) {
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
  return data as T;
}

/** What a person is told when the answer carries no message of ours (a proxy's page, an empty body). */
function unreadableAnswer(status: number): string {
  if (status >= 200 && status < 300) return "Сервер прислал непонятный ответ. Обновите страницу и повторите.";
  return `Ошибка сервера (${status}). Повторите попытку позже.`;
}
