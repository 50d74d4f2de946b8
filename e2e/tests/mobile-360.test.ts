/**
 * Every route at 360 x 740, as the role that may open it (issue 34 point 6): the page never scrolls sideways
 * (document.scrollingElement.scrollWidth <= 360), and the WhatsApp button covers no text and no control, at the
 * top of the page, half-way down or at the bottom. The console's tables scroll in their own container, and the Available
 * Pots row keeps a pot's name on at most two lines.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { ROUTES, type RouteName } from '@punter/core/account';
import {
  SMALL,
  captureFailure,
  launchBrowser,
  loginThroughUi,
  providerCall,
  settled,
  trackRequests,
  watchCsp,
} from '../support/browser';

const { webUrl, providerOrigin } = inject('stack');
const PASSWORD = 'Punter#2026';

let browser: Browser;
const contexts: BrowserContext[] = [];
const pages: Partial<Record<'visitor' | 'user' | 'admin', Page>> = {};
let current: Page | undefined;
let userId = '';
/** How long the walk waited for pages to settle, and how often (printed at the end: ADR 0056). */
const waits = { ms: 0, count: 0 };

async function settle(page: Page): Promise<void> {
  waits.ms += await settled(page);
  waits.count += 1;
}

async function phone(): Promise<Page> {
  const context = await browser.newContext({
    baseURL: webUrl,
    viewport: SMALL,
    reducedMotion: 'reduce',
    isMobile: true,
    hasTouch: true,
  });
  context.setDefaultTimeout(30_000);
  contexts.push(context);
  const page = await context.newPage();
  watchCsp(page);
  trackRequests(page);
  return page;
}

/** Where each route is opened: its path with real parameters (the seeded pot, the punter, the user). */
function hrefOf(name: RouteName): string {
  switch (name) {
    case 'punter':
      return ROUTES.punter.getHref({ username: 'musa_punter' });
    case 'pot':
      return ROUTES.pot.getHref({ id: 'demo-pot-raising' });
    case 'referral':
      return ROUTES.referral.getHref({ referralCode: 'ABCDEF' });
    case 'adminUser':
      return ROUTES.adminUser.getHref({ id: userId });
    default:
      return ROUTES[name].path;
  }
}

interface Overlap {
  what: string;
  text: string;
}

type Seen = { scrollWidth: number; wide: string[]; button: boolean; overlaps: Overlap[] };
const SCROLL_POSITIONS = ['top', 'half-way', 'bottom'] as const;

/**
 * At the top of the page, half-way down and at the bottom (each after the page has settled), lists the text and
 * controls the WhatsApp button's box overlaps (text by its line boxes, controls by their boxes, each marked with
 * where it was seen), and the document's scroll width at the bottom.
 */
async function inspect(page: Page): Promise<Seen> {
  let seen: Seen | undefined;
  const overlaps: Overlap[] = [];
  for (const at of SCROLL_POSITIONS) {
    // Again while the page is not where it was sent: what loads as the page scrolls can make it longer.
    for (let i = 0; i < 4; i += 1) {
      await page.evaluate((where) => {
        const end = (document.scrollingElement?.scrollHeight ?? 0) - window.innerHeight;
        window.scrollTo(0, where === 'top' ? 0 : where === 'bottom' ? end : Math.round(end / 2));
      }, at);
      await settle(page);
      const there = await page.evaluate((where) => {
        const end = Math.max(0, (document.scrollingElement?.scrollHeight ?? 0) - window.innerHeight);
        const wanted = where === 'top' ? 0 : where === 'bottom' ? end : Math.round(end / 2);
        return Math.abs(window.scrollY - wanted) <= 1;
      }, at);
      if (there) break;
    }
    seen = await measure(page);
    overlaps.push(...seen.overlaps.map((o) => ({ ...o, what: `${o.what} (${at})` })));
  }
  return { ...seen!, overlaps };
}

/** The scroll width, what sticks out, and what the WhatsApp button covers where the page is now scrolled. */
async function measure(page: Page): Promise<Seen> {
  return page.evaluate((phoneWidth) => {
    const scrollWidth = document.scrollingElement?.scrollWidth ?? 0;
    // What sticks out past the phone's right edge (the deepest such elements), to say why the page scrolls sideways.
    const wide: string[] = [];
    // (Not innerWidth: on a phone the layout viewport grows to what overflows.)
    if (scrollWidth > phoneWidth) {
      for (const el of Array.from(document.body.querySelectorAll('*'))) {
        const r = el.getBoundingClientRect();
        if (r.right <= phoneWidth + 0.5 || r.width === 0) continue;
        if (Array.from(el.children).some((c) => c.getBoundingClientRect().right > phoneWidth + 0.5)) continue;
        // Inside a container that scrolls or clips within the phone's width: it does not widen the page.
        let clip = el.parentElement;
        while (clip && getComputedStyle(clip).overflowX === 'visible') clip = clip.parentElement;
        if (
          clip &&
          clip !== document.body &&
          clip !== document.documentElement &&
          clip.getBoundingClientRect().right <= phoneWidth + 0.5
        )
          continue;
        wide.push(
          `${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')} right=${Math.round(r.right)} "${(el.textContent ?? '').trim().slice(0, 30)}"`,
        );
        if (wide.length >= 6) break;
      }
    }
    const link = document.querySelector<HTMLElement>('.whatsapp-link');
    if (!link || getComputedStyle(link).visibility === 'hidden' || getComputedStyle(link).opacity === '0') {
      return { scrollWidth, wide, button: false, overlaps: [] };
    }
    const b = link.getBoundingClientRect();
    // Overlapping boxes count only where the button is the topmost thing drawn (a dialog above it covers it), and
    // where the content would show without it (content scrolled under the sticky top bar is the bar's, not the
    // button's).
    const hits = (r: DOMRect, target: Element) => {
      if (!(r.width > 0 && r.height > 0 && r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top))
        return false;
      const x = (Math.max(r.left, b.left) + Math.min(r.right, b.right)) / 2;
      const y = (Math.max(r.top, b.top) + Math.min(r.bottom, b.bottom)) / 2;
      const top = document.elementFromPoint(x, y);
      if (top === null || !(top === link || link.contains(top))) return false;
      const shown = link.style.visibility;
      link.style.visibility = 'hidden';
      const under = document.elementFromPoint(x, y);
      link.style.visibility = shown;
      return under !== null && (under === target || target.contains(under));
    };
    // Shown at all: not display:none, not in a closed <details>, not transparent or hidden.
    const visible = (el: Element) =>
      el.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true });
    const overlaps: Array<{ what: string; text: string }> = [];
    const controls = document.querySelectorAll('a[href], button, input, select, textarea, [role="button"], [tabindex="0"]');
    for (const el of Array.from(controls)) {
      if (el === link || link.contains(el) || !visible(el)) continue;
      // A control that is a container (a scrolling region, a card link) is judged by the text and controls inside it.
      if (el.querySelector('a[href], button, input, select, textarea, p, li, td, h1, h2, h3')) continue;
      if (hits(el.getBoundingClientRect(), el)) {
        overlaps.push({
          what: el.tagName.toLowerCase(),
          text: (el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 60),
        });
      }
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (!text || !parent || link.contains(parent) || !visible(parent)) continue;
      if (parent.closest('.visually-hidden, [aria-hidden="true"]')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of Array.from(range.getClientRects())) {
        if (hits(r, parent)) {
          overlaps.push({ what: `text in ${parent.tagName.toLowerCase()}`, text: text.slice(0, 60) });
          break;
        }
      }
    }
    return { scrollWidth, wide, button: true, overlaps };
  }, SMALL.width);
}

/** Opens a route and waits until its page has a heading and has settled (its data arrived, nothing loading). */
async function open(page: Page, href: string): Promise<void> {
  await page.goto(href);
  await page.locator('main h1, main h2, h1').first().waitFor({ timeout: 30_000 });
  await settle(page);
}

const visitorRoutes = (Object.keys(ROUTES) as RouteName[]).filter((n) => ROUTES[n].access === 'public');
const userRoutes = (Object.keys(ROUTES) as RouteName[]).filter((n) => ROUTES[n].access === 'protected');
const adminRoutes = (Object.keys(ROUTES) as RouteName[]).filter((n) => ROUTES[n].access === 'admin');

beforeAll(async () => {
  browser = await launchBrowser();
  pages.visitor = await phone();
  pages.user = await phone();
  pages.admin = await phone();
  const login = await providerCall(providerOrigin, 'POST', '/api/v1/user/login', {
    email: 'user@punter.test',
    password: PASSWORD,
  });
  userId = (login.data as { id: string }).id;
  await loginThroughUi(pages.user, 'user@punter.test', PASSWORD);
  await loginThroughUi(pages.admin, 'admin@punter.test', PASSWORD);
  // The first screens' calls start the Functions emulator's workers (one per call in flight; under load each takes
  // tens of seconds): let them finish here once, rather than at every scroll position of the first route.
  await Promise.all([settled(pages.user, { maxMs: 90_000 }), settled(pages.admin, { maxMs: 90_000 })]);
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await captureFailure(current, ctx.task.name);
});

afterAll(async () => {
  console.info(
    `waited for ${waits.count} pages to settle: ${waits.ms} ms, ${Math.round(waits.ms / Math.max(1, waits.count))} ms each`,
  );
  for (const context of contexts) await context.close();
  await browser.close();
});

describe('every route at 360 x 740 (issue 34 point 6)', () => {
  const cases = [
    ...visitorRoutes.map((name) => ['visitor', name] as const),
    ...userRoutes.map((name) => ['user', name] as const),
    ...adminRoutes.map((name) => ['admin', name] as const),
  ];

  test.each(cases)(
    'as %s, %s: no sideways scroll, and the WhatsApp button covers nothing at any scroll position',
    async (role, name) => {
      const page = pages[role]!;
      current = page;
      await open(page, hrefOf(name));
      const seen = await inspect(page);
      expect({ path: new URL(page.url()).pathname, scrollWidth: seen.scrollWidth, wide: seen.wide }).toEqual({
        path: new URL(page.url()).pathname,
        scrollWidth: Math.min(seen.scrollWidth, SMALL.width),
        wide: [],
      });
      expect(seen.overlaps).toEqual([]);
    },
  );

  test('register step 2: the WhatsApp button leaves the over-18 consent clear', async () => {
    const page = pages.visitor!;
    current = page;
    await open(page, ROUTES.register.path);
    await page.getByLabel('First name').fill('Kemi');
    await page.getByLabel('Last name').fill('Adeyemi');
    await page.getByLabel('Email').fill(`mobile360.${Date.now()}@punter.test`);
    await page.getByLabel('Username').fill(`m360_${Date.now().toString().slice(-6)}`);
    await page.getByRole('button', { name: /Next|Continue/ }).click();
    await page.getByText('I am over 18').waitFor();
    const seen = await inspect(page);
    expect(seen.scrollWidth).toBeLessThanOrEqual(SMALL.width);
    expect(seen.overlaps).toEqual([]);
  });

  test("the Available Pots row keeps a pot's name on at most two lines", async () => {
    const page = pages.user!;
    current = page;
    await open(page, ROUTES.autoTrada.path);
    const name = page.getByRole('link', { name: /Over 1\.5 auto-trade by Musa Ibrahim/ });
    await name.waitFor();
    const lines = await name.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
    });
    expect(lines).toBeLessThanOrEqual(2);
  });

  test('console tables wider than the phone scroll in their own container, never clipped', async () => {
    const page = pages.admin!;
    current = page;
    for (const path of ['/admin/withdrawals', '/admin/users', '/admin/transactions', '/admin/crypto', '/admin/pots']) {
      await open(page, path);
      const tables = await page.evaluate(() =>
        Array.from(document.querySelectorAll('table')).map((table) => {
          let scroller: HTMLElement | null = table.parentElement;
          while (scroller && !['auto', 'scroll'].includes(getComputedStyle(scroller).overflowX))
            scroller = scroller.parentElement;
          const box = table.getBoundingClientRect();
          const within = scroller ? scroller.getBoundingClientRect() : null;
          return {
            width: Math.round(box.width),
            // The container that scrolls it: inside the phone's width, and as wide as the table can scroll.
            scroller: within
              ? {
                  left: Math.round(within.left),
                  right: Math.round(within.right),
                  scrolls: scroller!.scrollWidth >= Math.round(box.width),
                }
              : null,
          };
        }),
      );
      for (const t of tables) {
        if (t.width <= SMALL.width - 32) continue;
        expect(t.scroller, `${path}: a ${t.width} px table has no scrolling container`).not.toBeNull();
        expect(t.scroller!.left).toBeGreaterThanOrEqual(0);
        expect(t.scroller!.right).toBeLessThanOrEqual(SMALL.width);
        expect(t.scroller!.scrolls).toBe(true);
      }
    }
  });
});
