import type { Context } from "hono";
import { renderPage } from "../server/render.tsx";
import type { AppEnv } from "../server/types.ts";
import { Icon } from "../components/Icon.tsx";

const features = [
  {
    icon: "map",
    title: "Объекты и задачи",
    text: "Объекты клиентов с адресом, районом и расстоянием от МКАД; задачи замерщикам и бригадам.",
  },
  {
    icon: "camera",
    title: "Мобильные замеры и фотоотчёты",
    text: "Замерщик заполняет форму на телефоне прямо на участке, даже при слабой связи.",
  },
  {
    icon: "estimate",
    title: "Автоматические сметы",
    text: "Смета по прайс-листу компании и каталогу станций за секунды, с выгрузкой в Excel.",
  },
  {
    icon: "users",
    title: "Много пользователей и компаний",
    text: "Каждая компания видит только свои данные; число сотрудников не ограничено.",
  },
];

/** /landing: what the product does, and the way in. No script. */
export default function landingPage(c: Context<AppEnv>) {
  const loggedOut = c.req.query("logout") === "1";
  return renderPage(c, {
    title: "О системе",
    bodyClass: "landing-page",
    body: (
      <main className="landing">
        <header className="landing-head">
          <span className="brand brand-lg">
            <span className="brand-mark" aria-hidden="true">ПС</span>
            <span>ПолеСмета</span>
          </span>
          <a className="btn btn-primary" href="/api/login">Войти</a>
        </header>
        {loggedOut && <p className="notice notice-success" role="status">Вы успешно вышли из системы</p>}
        <section className="landing-hero">
          <h1>Замер, смета и монтаж — без бумажек</h1>
          <p>
            Система для подрядчиков, которые устанавливают септики и станции очистки, бурят скважины и
            прокладывают водопровод, дренаж и канализацию в Москве и Московской области.
          </p>
          <a className="btn btn-primary btn-lg" href="/api/login">Войти в систему</a>
        </section>
        <section className="landing-features">
          {features.map((f) => (
            <article key={f.title} className="card">
              <Icon name={f.icon} size={28} />
              <h2>{f.title}</h2>
              <p>{f.text}</p>
            </article>
          ))}
        </section>
        <p className="landing-contact">
          Нет учётной записи? Обратитесь к администратору вашей компании — он добавит вас в систему.
        </p>
      </main>
    ),
  });
}
