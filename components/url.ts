/** Removes `?new=1` from the address once its dialog is open, so a reload does not open it again. */
export function dropNewParam(): void {
  const url = new URL(location.href);
  if (!url.searchParams.has("new")) return;
  url.searchParams.delete("new");
  history.replaceState(history.state, "", url);
}

/** Sets or removes one query parameter without a navigation (dialogs that show a record have a URL). */
export function setQueryParam(name: string, value: string | null): void {
  const url = new URL(location.href);
  if (value === null) url.searchParams.delete(name);
  else url.searchParams.set(name, value);
  history.replaceState(history.state, "", url.pathname + url.search + url.hash);
}
