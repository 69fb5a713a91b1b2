// Written by hand: no library does this, and it is one line. V8 keeps a string built piece by piece (React's
// renderToString adds each chunk of its output to one string) as a tree of its pieces until something reads
// it whole. A fragment kept in a cache is copied into every page that shows it, and each page's encoding
// walks the fragment's tree again; reading one character turns the tree into one flat string in place, once,
// so later pages copy it in one piece. Measured on /tasks rendered after a task edit (48 cached cards): the
// page's flattening took 200–340 µs with its fragments as trees, 50–85 µs with them flat.

/** `text` itself, made flat in memory: for a string about to be cached and copied into many pages. */
export function flattened(text: string): string {
  text.charCodeAt(0);
  return text;
}
