// A dialog's object: a select of the company's newest objects, and a search among all of them (a company with
// thousands of objects could otherwise choose among the newest only, and every page would carry them all).
import { useEffect, useRef, useState } from "react";
import { type BoundProps, SelectField, TextField } from "./Field.tsx";
import { call, client } from "./api.ts";

interface Choice {
  id: number;
  address: string;
}

/** How long typing pauses before the search is sent, ms. */
const SEARCH_DELAY_MS = 300;
/** The objects a search lists at most. */
const FOUND_LIMIT = 20;

export function ObjectPicker({ newest, field }: { newest: Choice[]; field: BoundProps }) {
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<Choice[] | null>(null);
  const [hint, setHint] = useState<string | undefined>(undefined);
  const [, redraw] = useState(0);
  /** Every object seen (the newest, the found, the preselected), so the chosen one stays listed. */
  const known = useRef(new Map(newest.map((o) => [String(o.id), o])));

  const remember = (rows: Choice[]) => rows.forEach((o) => known.current.set(String(o.id), o));

  // A button on an older object's card preselects an object the newest do not hold.
  useEffect(() => {
    const id = field.value;
    if (!id || known.current.has(id)) return;
    call(client.objects[":id{[0-9]+}"].$get({ param: { id } }))
      .then((o) => {
        remember([{ id: o.id, address: o.address }]);
        redraw((n) => n + 1);
      })
      .catch(() => {});
  }, []);

  useEffect(() => {
    const q = query.trim();
    if (q.length < 2) {
      setFound(null);
      setHint(undefined);
      return;
    }
    let stale = false;
    setHint("Поиск…");
    const timer = setTimeout(async () => {
      try {
        const rows = await call(client.objects.$get({ query: { q, pageSize: String(FOUND_LIMIT) } }));
        if (stale) return;
        const choices = rows.map((o) => ({ id: o.id, address: o.address }));
        remember(choices);
        setFound(choices);
        setHint(
          choices.length === 0
            ? "Объекты не найдены"
            : choices.length < FOUND_LIMIT
            ? `Найдено: ${choices.length}`
            : `Показаны первые ${FOUND_LIMIT}, уточните поиск`,
        );
      } catch {
        if (!stale) setHint("Не удалось выполнить поиск, повторите попытку");
      }
    }, SEARCH_DELAY_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [query]);

  const shown = found ?? newest;
  const chosen = known.current.get(field.value);
  const choices = chosen && !shown.some((o) => o.id === chosen.id) ? [chosen, ...shown] : shown;

  return (
    <>
      <TextField
        id={`${field.id}-search`}
        label="Найти объект"
        type="search"
        placeholder="Адрес, клиент или телефон"
        autoComplete="off"
        hint={hint ?? "Без поиска в списке последние объекты"}
        value={query}
        onValue={setQuery}
      />
      <SelectField
        {...field}
        label="Объект"
        required
        options={[["", "Выберите объект"], ...choices.map((o) => [String(o.id), o.address] as const)]}
      />
    </>
  );
}
