// The page the service worker answers when there is no signal and the page is not one cached for field work.
export const offlinePageHtml = `<!DOCTYPE html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#2563eb"><title>Нет соединения — ПолеСмета</title>
<style>
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111827;background:#f3f4f6}
main{box-sizing:border-box;width:calc(100% - 32px);max-width:28rem;margin:15vh auto 0;padding:24px;background:#fff;border-radius:12px;text-align:center}
h1{font-size:1.25rem;margin:0 0 8px}p{margin:0 0 16px;color:#374151}
a{display:inline-block;min-height:44px;line-height:44px;padding:0 20px;border-radius:8px;background:#2563eb;
color:#fff;text-decoration:none;font-weight:600}
</style></head>
<body><main data-offline-page>
<h1>Нет соединения</h1>
<p>Эта страница доступна только онлайн. Без связи открываются кабинет замерщика, ваши задачи, объекты задач
и форма замера.</p>
<a href="/surveyor">Кабинет замерщика</a>
</main></body></html>`;
