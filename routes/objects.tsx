import { jobBadge } from "../domain/job_status.ts";
import { jobMoney } from "../domain/job_money.ts";
import type { Context } from "hono";
import { type ObjectCardRow, objectCards, objectDistricts, type ObjectRow } from "../db/objects.ts";
import { readsOf } from "../db/read_worker.ts";
import { objectStatuses, workTypes } from "../domain/objects.ts";
import { labelOf, objectStatusLabels, workTypeLabels } from "../domain/labels.ts";
import { countOf, formatKopecks, objectForms } from "../domain/format.ts";
import { formatMkadDistance } from "../domain/geo.ts";
import { adminRoles, hasRole, objectEditorRoles, statusOverrideRoles } from "../domain/roles.ts";
import { Island } from "../server/island.tsx";
import { companyScope, currentUser } from "../server/middleware/guard.ts";
import type { AppEnv } from "../server/types.ts";
import ObjectDialog from "../islands/ObjectDialog.tsx";
import ObjectDetails from "../islands/ObjectDetails.tsx";
import { renderWorkPage } from "./_page.tsx";
import { choicesOf, FilterForm, FilterSearch, FilterSelect, StatusFilter } from "./_filters.tsx";
import { pageNumber, positiveInt } from "../server/query.ts";
import { Badge } from "../components/Badge.tsx";
import { EmptyState } from "../components/Card.tsx";
import { Icon } from "../components/Icon.tsx";

const PAGE_SIZE = 24;

type Variant = "manager" | "improved";

function ObjectCard({ o, variant, canEdit }: { o: ObjectCardRow; variant: Variant; canEdit: boolean }) {
  const status = jobBadge(o);
  const value = jobMoney(o);
  const place = [o.settlement ?? o.city, o.region].filter(Boolean).join(", ");
  return (
    <article className="card object-card">
      <header className="object-card-head">
        <h2 className="object-address">
          <a href={`?objectId=${o.id}`} data-object-details={o.id}>{o.address}</a>
        </h2>
        <Badge tone={status.tone}>{status.label}</Badge>
      </header>
      {place && <p className="muted small">{place}</p>}
      <dl className="object-facts">
        <div>
          <dt>От МКАД</dt>
          <dd>{formatMkadDistance(o.distanceFromMKAD)}</dd>
        </div>
        <div>
          <dt>Направление</dt>
          <dd>{o.direction ?? "—"}</dd>
        </div>
        <div>
          <dt>Район</dt>
          <dd>{o.district ?? "Не определен"}</dd>
        </div>
        <div>
          <dt>Тип работ</dt>
          <dd>{labelOf(workTypeLabels, o.workType)}</dd>
        </div>
        <div>
          <dt>Клиент</dt>
          <dd>{o.clientName ?? "Не указан"}</dd>
        </div>
        <div>
          <dt>Телефон</dt>
          <dd>
            {o.clientPhone
              ? <a href={`tel:${o.clientPhone.replace(/[^\d+]/g, "")}`}>{o.clientPhone}</a>
              : "Не указан"}
          </dd>
        </div>
        <div>
          <dt>Стоимость</dt>
          <dd className="num">
            {value.contracted || o.estimatedCost !== null ? formatKopecks(value.value) : "Не указана"}
            {value.contracted && (
              <>
                {" "}
                <span className="muted small">(по договору)</span>
              </>
            )}
          </dd>
        </div>
      </dl>
      {o.description && <p className="object-description small">{o.description}</p>}
      <footer className="object-actions">
        {canEdit && (
          <button type="button" className="btn btn-secondary btn-sm" data-object-edit={o.id}>
            <Icon name="edit" size={16} /> Редактировать
          </button>
        )}
        {variant === "improved" && (
          <>
            <a className="btn btn-secondary btn-sm" href={`/objects/${o.id}/field-work`}>
              <Icon name="truck" size={16} /> Выезд
            </a>
            <a className="btn btn-ghost btn-sm" href={`?objectId=${o.id}`} data-object-details={o.id}>
              <Icon name="eye" size={16} /> Подробнее
            </a>
            {canEdit && (
              <a className="btn btn-ghost btn-sm" href={`/tasks?objectId=${o.id}&new=1`}>
                <Icon name="plus" size={16} /> Создать задачу
              </a>
            )}
          </>
        )}
      </footer>
    </article>
  );
}

function pageHref(path: string, params: Record<string, string | undefined>, page: number): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  if (page > 1) q.set("page", String(page));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

/** /objects and /improved-objects: one list, the second with Выезд, Подробнее and Создать задачу. */
function objectsPage(variant: Variant) {
  return async (c: Context<AppEnv>) => {
    const user = currentUser(c);
    const scope = companyScope(user);
    const { db } = c.get("deps");
    const canEdit = hasRole(user.role, objectEditorRoles);
    const q = c.req.query();
    const status = (objectStatuses as readonly string[]).includes(q.status ?? "")
      ? q.status as ObjectRow["status"]
      : undefined;
    const workType = (workTypes as readonly string[]).includes(q.workType ?? "")
      ? q.workType as ObjectRow["workType"]
      : undefined;
    const district = q.district?.trim().slice(0, 100) || undefined;
    const search = q.q?.trim().slice(0, 200) || undefined;
    const page = pageNumber(q.page);
    const objectId = positiveInt(q.objectId) ?? null;

    const filter = { status, workType, district, q: search, page, pageSize: PAGE_SIZE };
    const [{ rows, total }, districts] = await Promise.all([
      // A search reads every object it finds: off the request thread (db/read_worker.ts).
      search
        ? readsOf(c.get("deps")).read("objectSearch", { scope, filter })
        : objectCards(db, scope, filter),
      objectDistricts(db, scope),
    ]);
    const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
    const filtered = Boolean(status || workType || district || search);
    const path = variant === "improved" ? "/improved-objects" : "/objects";
    const params = { q: search, status, workType, district };
    const works = choicesOf(workTypes, workTypeLabels);
    const places = districts.map((d) => ({ value: d, label: d }));

    return renderWorkPage(c, {
      title: variant === "improved" ? "Проекты и объекты" : "Объекты",
      subtitle: `${countOf(total, objectForms)}${filtered ? " по фильтру" : ""}`,
      action: canEdit
        ? (
          <Island
            cached
            component={ObjectDialog}
            props={{
              mode: "create",
              trigger: "Новый объект",
              listen: true,
              variant,
              openOnLoad: c.req.query("new") === "1",
            }}
          />
        )
        : undefined,
      body: (
        <div className="stack-lg objects-page">
          <FilterForm
            action={path}
            label="Поиск и фильтры объектов"
            submit="Найти"
            filtered={filtered}
            search
          >
            <FilterSearch
              value={search}
              placeholder="Адрес, клиент или телефон"
              className="field filter-search"
            />
            <StatusFilter value={status} statuses={objectStatuses} labels={objectStatusLabels} />
            <FilterSelect
              label="Тип работ"
              name="workType"
              value={workType}
              all="Все типы"
              options={works}
            />
            <FilterSelect label="Район" name="district" value={district} all="Все районы" options={places} />
          </FilterForm>

          {rows.length === 0
            ? (
              <div className="card">
                <EmptyState
                  icon="map"
                  text={filtered ? "Объекты не найдены" : "Объектов пока нет"}
                  hint={filtered
                    ? "Измените условия поиска."
                    : canEdit
                    ? "Создайте первый объект."
                    : undefined}
                />
              </div>
            )
            : (
              <div className="object-grid">
                {rows.map((o) => <ObjectCard key={o.id} o={o} variant={variant} canEdit={canEdit} />)}
              </div>
            )}

          {pages > 1 && (
            <nav className="pagination" aria-label="Страницы">
              {page > 1
                ? (
                  <a className="btn btn-secondary" href={pageHref(path, params, page - 1)} rel="prev">
                    ← Назад
                  </a>
                )
                : <span />}
              <span className="muted">Страница {page} из {pages}</span>
              {page < pages
                ? (
                  <a className="btn btn-secondary" href={pageHref(path, params, page + 1)} rel="next">
                    Вперед →
                  </a>
                )
                : <span />}
            </nav>
          )}

          <Island
            cached
            component={ObjectDetails}
            props={{
              objectId,
              canEdit,
              userId: user.id,
              isAdmin: hasRole(user.role, adminRoles),
              canOverride: hasRole(user.role, statusOverrideRoles),
            }}
          />
        </div>
      ),
    });
  };
}

export const improvedObjectsPage = objectsPage("improved");
export default objectsPage("manager");
