import type { Context } from "hono";
import { roleLabels } from "../domain/roles.ts";
import { displayName, formatDate } from "../domain/format.ts";
import { Island } from "../server/island.tsx";
import { currentUser } from "../server/middleware/guard.ts";
import type { AppEnv } from "../server/types.ts";
import { renderWorkPage } from "./_page.tsx";
import { Card } from "../components/Card.tsx";
import { Icon } from "../components/Icon.tsx";
import ChangePasswordForm from "../islands/ChangePasswordForm.tsx";
import CalendarFeedLink from "../islands/CalendarFeedLink.tsx";
import { calendarFeedIssuedAt } from "../db/schedule.ts";
import { findUser } from "../db/users.ts";
import { scopeOf } from "../db/scope.ts";
import { Avatar } from "../components/Avatar.tsx";
import { customerObjectList } from "../db/customer_objects.ts";
import { MyObjects, MyOrders } from "./_my_objects.tsx";
import { userOrders } from "../db/shop_orders.ts";

/** /profile, 'Личный кабинет': who I am, the pending-assignment warning, and the password form. */
export default async function profilePage(c: Context<AppEnv>) {
  const user = currentUser(c);
  const own = await findUser(c.get("deps").db, scopeOf(null), user.id);
  const customer = user.role === "user";
  const myObjects = customer ? await customerObjectList(c.get("deps").db, user.id, c.get("deps").now()) : [];
  const myOrders = customer ? await userOrders(c.get("deps").db, user.id) : [];
  const feedIssued = customer || user.companyId === null
    ? null
    : await calendarFeedIssuedAt(c.get("deps").db, user.id);
  return renderWorkPage(c, {
    title: "Личный кабинет",
    subtitle: customer ? "Ваши объекты, заказы и контакты компаний" : "Ваши данные и пароль",
    body: (
      <div className="stack-lg narrow">
        {customer && <MyObjects objects={myObjects} />}
        {customer && <MyOrders orders={myOrders} />}
        {!customer && user.companyId === null && (
          <div className="notice notice-warning" role="status">
            <Icon name="alert" />
            <div>
              <strong>Ожидается назначение в компанию</strong>
              <p>Администратор добавит вас в компанию, после этого откроются рабочие разделы.</p>
            </div>
          </div>
        )}
        <Card title="Профиль">
          <div className="profile-head">
            <Avatar url={user.profileImageUrl} firstName={user.firstName} lastName={user.lastName} large />
            <div>
              <strong className="profile-name">{displayName(user)}</strong>
              <p className="muted">{customer ? "Заказчик" : roleLabels[user.role]}</p>
            </div>
          </div>
          <dl className="details">
            <dt>Email</dt>
            <dd>{user.email}</dd>
            {!customer && (
              <>
                <dt>Компания</dt>
                <dd>{user.companyName ?? "Не назначена"}</dd>
              </>
            )}
            <dt>Дата регистрации</dt>
            <dd>{formatDate(own?.row.createdAt)}</dd>
          </dl>
        </Card>
        {!customer && user.companyId !== null && (
          <Island
            component={CalendarFeedLink}
            props={{ issued: feedIssued ? formatDate(feedIssued) : null }}
          />
        )}
        <Island component={ChangePasswordForm} props={{}} />
      </div>
    ),
  });
}
