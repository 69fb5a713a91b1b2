// One toast at a time for every island: a new one replaces the old; each stays 5 s.
export interface ToastOptions {
  title: string;
  description?: string;
  variant?: "default" | "success" | "destructive";
}

const DURATION_MS = 5000;
const PENDING_KEY = "pending-toast";
/** The page's region and the class of every region, the page's and each dialog's (components/ToastRegion.tsx). */
export const PAGE_TOAST_REGION_ID = "toast-region";
export const TOAST_REGION_CLASS = "toast-region";
let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * The open modal dialog on top, if any: the one holding the focus (everything outside the top modal is
 * inert, so the focus can only be there), else the last open in the page.
 */
function topModal(): HTMLDialogElement | null {
  const focused = document.activeElement?.closest("dialog");
  if (focused?.matches(":modal")) return focused;
  return [...document.querySelectorAll("dialog")].filter((d) => d.matches(":modal")).at(-1) ?? null;
}

/**
 * Where a toast shows now: the region of the modal dialog on top, else the page's. A modal dialog is drawn in
 * the top layer and makes the rest of the page inert, so a toast in the page's region showed under the dialog
 * and its backdrop, unseen, with its × out of reach.
 */
function currentRegion(): HTMLElement | null {
  const modal = topModal();
  return modal?.querySelector<HTMLElement>(`:scope > .${TOAST_REGION_CLASS}`) ??
    document.getElementById(PAGE_TOAST_REGION_ID);
}

/**
 * Keeps a toast where it can be seen for as long as it shows: a dialog opened after it, or its own dialog
 * closed, taken out of the page or made anew by its island, moves it to the region on top then.
 */
function keepOnTop(box: HTMLElement): void {
  const check = () => {
    // Dismissed, timed out or replaced by the next toast.
    if (!box.parentElement) return;
    const region = currentRegion();
    if (region && box.parentElement !== region) {
      // Moved, it is already on the screen: no second entrance.
      box.style.animation = "none";
      region.append(box);
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/** The region F8 focuses (the spec's toast system): the one a toast would show in now. */
export const focusToastRegion = () => currentRegion()?.focus();

const clearToasts = () =>
  document.querySelectorAll(`.${TOAST_REGION_CLASS}`).forEach((r) => r.replaceChildren());

export function toast(options: ToastOptions): void {
  const region = currentRegion();
  if (!region) return;
  clearTimeout(timer);
  clearToasts();
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
  close.onclick = () => box.remove();
  box.append(close);
  // Swipe right by 50 px dismisses it on a phone.
  let startX = 0;
  box.addEventListener("touchstart", (e) => (startX = e.touches[0].clientX), { passive: true });
  box.addEventListener("touchend", (e) => {
    if (e.changedTouches[0].clientX - startX > 50) box.remove();
  });
  region.append(box);
  keepOnTop(box);
  timer = setTimeout(() => box.remove(), DURATION_MS);
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
