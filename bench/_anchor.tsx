// The anchors the pages are held against, in their own process on the port given as the first argument:
// /hello is a bare answer, /table is Hono + React renderToString of a 50-row table (NODE_ENV=production).
import { Hono } from "hono";
import { renderToString } from "react-dom/server";

const rows = Array.from({ length: 50 }, (_, i) => ({
  id: i + 1,
  address: `Московская обл, д. Берёзки, ул Садовая, д ${i + 1}`,
  client: `Клиент ${i + 1}`,
  status: ["new", "approved", "in_progress"][i % 3],
  cost: (150_000 + i * 1000).toLocaleString("ru-RU"),
}));

function Table() {
  return (
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <title>Объекты</title>
      </head>
      <body>
        <table>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td>{r.id}</td>
                <td>{r.address}</td>
                <td>{r.client}</td>
                <td>{r.status}</td>
                <td>{r.cost} ₽</td>
              </tr>
            ))}
          </tbody>
        </table>
      </body>
    </html>
  );
}

const app = new Hono();
app.get("/hello", (c) => c.text("hello"));
app.get("/table", (c) => c.html("<!DOCTYPE html>" + renderToString(<Table />)));

Deno.serve({ port: Number(Deno.args[0]), hostname: "127.0.0.1", onListen: () => {} }, app.fetch);
