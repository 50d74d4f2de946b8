/**
 * The app is installable (issue 17): index.html links a web manifest whose fields a browser needs to offer
 * "Install" and whose icons exist as PNGs of the sizes it claims, with the app's own colours.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';

const web = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

const iconSchema = z.object({
  src: z.string().check(z.regex(/^\/icons\/[a-z0-9-]+\.png$/)),
  sizes: z.string().check(z.regex(/^\d+x\d+$/)),
  type: z.literal('image/png'),
  purpose: z.enum(['any', 'maskable']),
});
const manifestSchema = z.object({
  name: z.string().check(z.minLength(1)),
  short_name: z.string().check(z.minLength(1), z.maxLength(12)),
  start_url: z.literal('/dashboard'),
  scope: z.literal('/'),
  display: z.literal('standalone'),
  theme_color: z.string().check(z.regex(/^#[0-9a-f]{6}$/)),
  background_color: z.string().check(z.regex(/^#[0-9a-f]{6}$/)),
  icons: z.array(iconSchema),
});

const manifest = manifestSchema.parse(JSON.parse(readFileSync(web('public/manifest.webmanifest'), 'utf8')));
const indexHtml = readFileSync(web('index.html'), 'utf8');
const css = readFileSync(web('src/styles.css'), 'utf8');

/** Width and height from a PNG's IHDR chunk, or null when the file is not a PNG. */
function pngSize(file: string): { width: number; height: number } | null {
  const bytes = readFileSync(file);
  if (bytes.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a' || bytes.subarray(12, 16).toString() !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('web manifest', () => {
  it('is linked from index.html', () => {
    expect(indexHtml).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
  });

  it('has an icon of 192 and of 512 pixels for each purpose, each a PNG of the size it claims', () => {
    for (const purpose of ['any', 'maskable'] as const) {
      expect(manifest.icons.filter((i) => i.purpose === purpose).map((i) => i.sizes)).toEqual(['192x192', '512x512']);
    }
    for (const icon of manifest.icons) {
      const file = web(`public${icon.src}`);
      expect(existsSync(file), icon.src).toBe(true);
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(file), icon.src).toEqual({ width, height });
    }
  });

  it('takes its theme colour from the app (the header green of styles.css and the meta theme-color)', () => {
    expect(css).toContain(`--green-800: ${manifest.theme_color};`);
    expect(indexHtml).toContain(`<meta name="theme-color" content="${manifest.theme_color}" />`);
    expect(css).toContain(`--grey-100: ${manifest.background_color};`);
  });
});
