/** Removes `?new=1` from the address once its dialog is open, so a reload does not open it again. */
export function dropNewParam(): void {
  const url = new URL(location.href);
  if (!url.searchParams.has("new")) return;
  url.searchParams.delete("new");
  history.replaceState(history.state, "", url);
}
