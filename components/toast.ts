// One toast at a time for every island: a new one replaces the old; each stays 5 s.
export interface ToastOptions {
  title: string;
  description?: string;
  variant?: "default" | "success" | "destructive";
}

const DURATION_MS = 5000;
const PENDING_KEY = "pending-toast";
let timer: ReturnType<typeof setTimeout> | undefined;

export function toast(options: ToastOptions): void {
  const region = document.getElementById("toast-region");
  if (!region) return;
  clearTimeout(timer);
  region.replaceChildren();
  const box = document.createElement("div");
  box.className = `toast toast-${options.variant ?? "default"}`;
  const title = document.createElement("strong");
  title.textContent = options.title;
  box.append(title);
  if (options.description) {
    const text = document.createElement("p");
    text.textContent = options.description;
    box.append(text);
  }
  const close = document.createElement("button");
  close.type = "button";
  close.className = "toast-close";
  close.setAttribute("aria-label", "Закрыть уведомление");
  close.textContent = "×";
  close.onclick = () => region.replaceChildren();
  box.append(close);
  // Swipe right by 50 px dismisses it on a phone.
  let startX = 0;
  box.addEventListener("touchstart", (e) => (startX = e.touches[0].clientX), { passive: true });
  box.addEventListener("touchend", (e) => {
    if (e.changedTouches[0].clientX - startX > 50) region.replaceChildren();
  });
  region.append(box);
  timer = setTimeout(() => region.replaceChildren(), DURATION_MS);
}

export const toastError = (description: string, title = "Ошибка") =>
  toast({ title, description, variant: "destructive" });

/** Shows a toast on the next page, for actions that end in navigation (sign-in, logout). */
export function toastAfterNavigation(options: ToastOptions): void {
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(options));
}

export function showPendingToast(): void {
  const pending = sessionStorage.getItem(PENDING_KEY);
  if (!pending) return;
  sessionStorage.removeItem(PENDING_KEY);
  toast(JSON.parse(pending));
}
