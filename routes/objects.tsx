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
import { CachedHtml, Island } from "../server/island.tsx";
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

/**
 * Exactly what an object card shows, worked out from its row: the card is given this alone, so the page's
 * fingerprint (server/page_fingerprint.ts) sees no column the card does not show, and the card is cached per
 * these values (server/island.tsx CachedHtml): after an edit of one object the list renders that card only.
 */
function objectCard(o: ObjectCardRow, variant: Variant, canEdit: boolean) {
  const status = jobBadge(o);
  const value = jobMoney(o);
  return {
    id: o.id,
    address: o.address,
    badge: { tone: status.tone, label: status.label },
    place: [o.settlement ?? o.city, o.region].filter(Boolean).join(", "),
    distance: formatMkadDistance(o.distanceFromMKAD),
    direction: o.direction ?? "—",
    district: o.district ?? "Не определен",
    workType: labelOf(workTypeLabels, o.workType),
    client: o.clientName ?? "Не указан",
    phone: o.clientPhone,
    cost: value.contracted || o.estimatedCost !== null ? formatKopecks(value.value) : "Не указана",
    contracted: value.contracted,
    description: o.description,
    variant,
    canEdit,
  };
}

type CardData = ReturnType<typeof objectCard>;

function ObjectCard({ card }: { card: CardData }) {
  return (
    <CachedHtml
      name="ObjectCard"
      as="article"
      className="card object-card"
      data={card}
      render={() => <ObjectCardContent {...card} />}
    />
  );
}

/** What is inside the card. */
function ObjectCardContent(card: CardData) {
  return (
    <>
      <header className="object-card-head">
        <h2 className="object-address">
          <a href={`?objectId=${card.id}`} data-object-details={card.id}>{card.address}</a>
        </h2>
        <Badge tone={card.badge.tone}>{card.badge.label}</Badge>
      </header>
      {card.place && <p className="muted small">{card.place}</p>}
      <dl className="object-facts">
        <div>
          <dt>От МКАД</dt>
          <dd>{card.distance}</dd>
        </div>
        <div>
          <dt>Направление</dt>
          <dd>{card.direction}</dd>
        </div>
        <div>
          <dt>Район</dt>
          <dd>{card.district}</dd>
        </div>
        <div>
          <dt>Тип работ</dt>
          <dd>{card.workType}</dd>
        </div>
        <div>
          <dt>Клиент</dt>
          <dd>{card.client}</dd>
        </div>
        <div>
          <dt>Телефон</dt>
          <dd>
            {card.phone ? <a href={`tel:${card.phone.replace(/[^\d+]/g, "")}`}>{card.phone}</a> : "Не указан"}
          </dd>
        </div>
        <div>
          <dt>Стоимость</dt>
          <dd className="num">
            {card.cost}
            {card.contracted && (
              <>
                {" "}
                <span className="muted small">(по договору)</span>
              </>
            )}
          </dd>
        </div>
      </dl>
      {card.description && <p className="object-description small">{card.description}</p>}
      <footer className="object-actions">
        {card.canEdit && (
          <button type="button" className="btn btn-secondary btn-sm" data-object-edit={card.id}>
            <Icon name="edit" size={16} /> Редактировать
          </button>
        )}
        {card.variant === "improved" && (
          <>
            <a className="btn btn-secondary btn-sm" href={`/objects/${card.id}/field-work`}>
              <Icon name="truck" size={16} /> Выезд
            </a>
            <a className="btn btn-ghost btn-sm" href={`?objectId=${card.id}`} data-object-details={card.id}>
              <Icon name="eye" size={16} /> Подробнее
            </a>
            {card.canEdit && (
              <a className="btn btn-ghost btn-sm" href={`/tasks?objectId=${card.id}&new=1`}>
                <Icon name="plus" size={16} /> Создать задачу
              </a>
            )}
          </>
        )}
      </footer>
    </>
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
                {rows.map((o) => <ObjectCard key={o.id} card={objectCard(o, variant, canEdit)} />)}
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
