// Draws the app icons (static/icons/*.png) from one SVG with chromium: 192 and 512 px for the manifest and
// Android, 180 px for iPhone's home screen, and a maskable 512 px whose mark stays inside the 80 % safe circle.
// deno run -A scripts/icons.ts (the PNGs are committed; run again only when the mark changes).
import { chromium } from "playwright-core";

const PRIMARY = "#2563eb";

/** The mark «ПС» on the primary blue; `inset` is the share of the side kept free around the letters. */
function iconSvg(size: number, { rounded, inset }: { rounded: boolean; inset: number }): string {
  const fontSize = size * 0.42 * (1 - inset);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" rx="${rounded ? size * 0.22 : 0}" fill="${PRIMARY}"/>
  <text x="50%" y="50%" dy="0.35em" font-family="DejaVu Sans, Arial, sans-serif" font-size="${fontSize}"
    font-weight="700" fill="#fff" text-anchor="middle">ПС</text>
</svg>`;
}

const icons = [
  { file: "icon-192.png", size: 192, rounded: true, inset: 0 },
  { file: "icon-512.png", size: 512, rounded: true, inset: 0 },
  { file: "maskable-512.png", size: 512, rounded: false, inset: 0.25 },
  { file: "apple-touch-icon.png", size: 180, rounded: false, inset: 0.1 },
];

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}</style>${iconSvg(icon.size, icon)}`,
    );
    const out = new URL(`../static/icons/${icon.file}`, import.meta.url);
    await page.screenshot({ path: out.pathname, omitBackground: true });
    await page.close();
    console.log(out.pathname);
  }
} finally {
  await browser.close();
}
