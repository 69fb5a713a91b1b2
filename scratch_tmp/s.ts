import { statfs } from "node:fs/promises";
const s = await statfs("/tmp");
console.log(s.bavail * s.bsize / 1e6, s);
