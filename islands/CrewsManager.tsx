import { useState } from "react";
import { ApiRequestError, call, client } from "../components/api.ts";
import { toast, toastError } from "../components/toast.ts";

interface Crew {
  id: number | null;
  name: string;
  foremanId: number | null;
  memberIds: number[];
}

export interface CrewsManagerProps {
  crews: Crew[];
  people: { id: number; name: string; role: string }[];
}

/**
 * «Бригады» in the settings: named groups of a foreman and workers. A task given to a crew
 * shows in each member's calendar and feed.
 */
export default function CrewsManager({ crews: initial, people }: CrewsManagerProps) {
  const [crews, setCrews] = useState<Crew[]>(initial);
  const foremen = people.filter((p) => p.role === "foreman");

  function update(i: number, patch: Partial<Crew>) {
    setCrews(crews.map((c, j) => j === i ? { ...c, ...patch } : c));
  }

  async function save(i: number) {
    const crew = crews[i];
    const body = { name: crew.name, foremanId: crew.foremanId, memberIds: crew.memberIds };
    try {
      const saved = crew.id
        ? await call(client.crews[":id"].$put({ param: { id: String(crew.id) }, json: body }))
        : await call(client.crews.$post({ json: body }));
      update(i, saved ?? {});
      toast({ title: "Бригада сохранена", variant: "success" });
    } catch (e) {
      const message = e instanceof ApiRequestError ? Object.values(e.errors).flat()[0] ?? e.message : "";
      toastError(message || "Не удалось сохранить бригаду");
    }
  }

  async function remove(i: number) {
    const crew = crews[i];
    try {
      if (crew.id) await call(client.crews[":id"].$delete({ param: { id: String(crew.id) } }));
      setCrews(crews.filter((_, j) => j !== i));
    } catch {
      toastError("Не удалось удалить бригаду");
    }
  }

  return (
    <section className="stack" aria-labelledby="crews-title">
      <h2 id="crews-title">Бригады</h2>
      <p className="muted">
        Задача, назначенная бригаде, появляется в расписании и календаре каждого её участника.
      </p>
      {crews.map((crew, i) => (
        <form
          key={crew.id ?? `new-${i}`}
          className="card stack-sm"
          onSubmit={(e) => {
            e.preventDefault();
            save(i);
          }}
        >
          <div className="field">
            <label htmlFor={`crew-name-${i}`}>Название</label>
            <input
              id={`crew-name-${i}`}
              value={crew.name}
              onChange={(e) => update(i, { name: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={`crew-foreman-${i}`}>Бригадир</label>
            <select
              id={`crew-foreman-${i}`}
              value={crew.foremanId ?? ""}
              onChange={(e) => update(i, { foremanId: e.target.value ? Number(e.target.value) : null })}
            >
              <option value="">Не выбран</option>
              {foremen.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
            </select>
          </div>
          <fieldset className="plain-fieldset crew-members">
            <legend>Участники</legend>
            {people.map((p) => (
              <label key={p.id} className="checkbox">
                <input
                  type="checkbox"
                  checked={crew.memberIds.includes(p.id)}
                  onChange={(e) =>
                    update(i, {
                      memberIds: e.target.checked
                        ? [...crew.memberIds, p.id]
                        : crew.memberIds.filter((id) => id !== p.id),
                    })}
                />
                {p.name}
              </label>
            ))}
          </fieldset>
          <div className="row">
            <button type="submit" className="btn btn-primary">Сохранить</button>
            <button type="button" className="btn btn-ghost" onClick={() => remove(i)}>Удалить бригаду</button>
          </div>
        </form>
      ))}
      <button
        type="button"
        className="btn btn-outline"
        onClick={() => setCrews([...crews, { id: null, name: "", foremanId: null, memberIds: [] }])}
      >
        Добавить бригаду
      </button>
    </section>
  );
}
