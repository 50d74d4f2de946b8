/**
 * `npm run icons -w web`: renders the app's icons (icon.svg, icon-maskable.svg, ours) into the PNGs the web
 * manifest lists, with the Chromium the tests use (no network, no image library). The PNGs are committed;
 * run this again after changing an SVG.
 * The maskable icon fills the whole square and keeps its mark inside the central 80 % circle, the safe zone
 * that Android's round and squircle masks never cut; iOS rounds the full-bleed apple-touch-icon itself.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { launchBrowser } from '../../e2e/support/browser';

const iconsDir = import.meta.dirname;
const outDir = resolve(iconsDir, '..', 'public', 'icons');
const RENDERS = [
  { svg: 'icon.svg', size: 192, out: 'icon-192.png' },
  { svg: 'icon.svg', size: 512, out: 'icon-512.png' },
  { svg: 'icon-maskable.svg', size: 192, out: 'icon-maskable-192.png' },
  { svg: 'icon-maskable.svg', size: 512, out: 'icon-maskable-512.png' },
  { svg: 'icon-maskable.svg', size: 180, out: 'apple-touch-icon.png' },
] as const;

const browser = await launchBrowser();
try {
  for (const { svg, size, out } of RENDERS) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const source = readFileSync(join(iconsDir, svg), 'utf8');
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${source.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    await page.screenshot({ path: join(outDir, out), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    await page.close();
    console.log(`${out} (${size}x${size})`);
  }
} finally {
  await browser.close();
}
