/**
 * /virtual-analyst end to end at 360 px (issue 15): each filter changes the figures and the chart,
 * the figures are the provider generator's for those filters (computed here with core's same
 * functions), the URL keeps every filter across a reload, and the chart's library is fetched only
 * once the chart scrolls into view.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import {
  generateVirtualGames,
  goalsPerGameDistribution,
  leagueList,
  summarizeGames,
  type AnalystPlatform,
  type Country,
} from '@punter/core/analyst';
import { capture, captureFailure, launchBrowser, loginThroughUi, newSession, SMALL } from '../support/browser';

const { webUrl } = inject('stack');
let browser: Browser;
let page: Page;
const chartRequests: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newSession(browser, webUrl));
  await page.setViewportSize(SMALL);
  // Each filter is a few callable requests; on a loaded machine the Functions emulator takes seconds per call.
  page.setDefaultTimeout(90_000);
  page.on('request', (request) => {
    if (request.url().includes('goals-chart-nivo')) chartRequests.push(request.url());
  });
  await loginThroughUi(page, 'user@punter.test', 'Punter#2026');
});

afterEach(async (context) => {
  if (context.task.result?.state === 'fail') await captureFailure(page, context.task.name);
});

afterAll(async () => {
  await browser.close();
});

interface Filters {
  country: Country;
  date: string;
  hour: number;
  minute: number;
  platform: AnalystPlatform;
  team?: string;
}

/** What the page must show for these filters: the generator's games, summarised by core. */
function expected(filters: Filters) {
  const games = generateVirtualGames({ ...filters, now: Date.now() });
  const s = summarizeGames(games);
  return {
    summary: `From ${s.games} games`,
    over25: `${s.percent.over25.text}%`,
    average: s.averageGoals.text,
    table: goalsPerGameDistribution(games).map((p) => `${p.goals} ${p.home} ${p.away}`),
  };
}

const stat = (label: string) =>
  page
    .locator('.analyst-stat', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('.analyst-stat-value');

async function shown() {
  const chart = page.getByTestId('goals-chart');
  await chart.scrollIntoViewIfNeeded();
  await chart.locator('svg rect').first().waitFor();
  // The drawn bars: their heights change with the figures.
  const bars = await chart.locator('svg rect').evaluateAll((rects) => rects.map((r) => r.getAttribute('height') ?? ''));
  const table = await page
    .getByTestId('goals-chart-table')
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => Array.from(r.children, (c) => c.textContent).join(' ')));
  return {
    summary: (await page.getByTestId('analyst-summary').locator('p').first().textContent()) ?? '',
    over25: (await stat('Over 2.5').textContent()) ?? '',
    average: (await stat('Average goals').textContent()) ?? '',
    table,
    bars,
  };
}

async function expectFigures(filters: Filters) {
  const want = expected(filters);
  await page.getByTestId('analyst-summary').getByText(want.summary, { exact: true }).waitFor();
  await page.locator('.analyst-stat-value', { hasText: want.average }).first().waitFor();
  const got = await shown();
  expect(got.summary).toBe(want.summary);
  expect(got.over25).toBe(want.over25);
  expect(got.average).toBe(want.average);
  expect(got.table).toEqual(want.table);
  expect(got.bars.length).toBeGreaterThan(0);
  return got;
}

const url = () => new URL(page.url());

describe('virtual analyst', () => {
  test('every filter changes the figures and the chart, and the URL keeps them across a reload', async () => {
    const leagues = leagueList(Date.now());
    const yesterday = leagues[1]!.date;
    await page.goto('/virtual-analyst');
    await page.getByTestId('analyst-random-note').waitFor();
    // Nothing of the chart's library before it scrolls into view.
    await page.getByTestId('analyst-summary').waitFor();
    expect(chartRequests).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SMALL.width);

    // League: yesterday (complete up to 18:36 whatever the time now).
    await page.getByRole('button', { name: leagues[1]!.name }).click();
    await page.waitForURL((u) => u.searchParams.get('date') === yesterday);
    let filters: Filters = { country: 'England', date: yesterday, hour: 18, minute: 36, platform: 'platform-1' };
    let before = await expectFigures(filters);
    expect(chartRequests.length).toBeGreaterThan(0);
    await capture(page, 'analyst-360');

    // Country.
    await page.getByRole('button', { name: 'Germany', exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('country') === 'Germany');
    filters = { ...filters, country: 'Germany' };
    let after = await expectFigures(filters);
    expect(after).not.toEqual(before);
    expect(after.bars).not.toEqual(before.bars);

    // Platform.
    before = after;
    await page.getByRole('button', { name: 'Platform 2' }).click();
    await page.waitForURL((u) => u.searchParams.get('platform') === 'platform-2');
    filters = { ...filters, platform: 'platform-2' };
    after = await expectFigures(filters);
    expect(after).not.toEqual(before);
    expect(after.bars).not.toEqual(before.bars);

    // Calendar: two days back, one hour earlier, applied by DATE FILTER.
    before = after;
    const twoBack = leagues[2]!.date;
    await page.getByRole('button', { name: 'DATE FILTER' }).scrollIntoViewIfNeeded();
    const dayLabel = new RegExp(`^${Number(twoBack.slice(8))} `);
    if (twoBack.slice(0, 7) !== yesterday.slice(0, 7)) await page.getByRole('button', { name: 'Previous month' }).click();
    await page.getByRole('group', { name: 'Day' }).getByRole('button', { name: dayLabel }).click();
    await page.getByRole('button', { name: 'Hour down' }).click();
    await page.getByRole('button', { name: 'Minute up' }).click();
    await page.getByRole('button', { name: 'DATE FILTER' }).click();
    await page.waitForURL((u) => u.searchParams.get('time') === '17:37' && u.searchParams.get('date') === twoBack);
    filters = { ...filters, date: twoBack, hour: 17, minute: 37 };
    after = await expectFigures(filters);
    expect(after).not.toEqual(before);
    expect(after.bars).not.toEqual(before.bars);

    // Team: its form shows and the figures are its games only.
    before = after;
    await page.getByRole('combobox', { name: 'Team' }).selectOption('ASH');
    await page.waitForURL((u) => u.searchParams.get('team') === 'ASH');
    filters = { ...filters, team: 'ASH' };
    after = await expectFigures(filters);
    expect(after).not.toEqual(before);
    expect(after.bars).not.toEqual(before.bars);
    await page.getByTestId('analyst-form').waitFor();
    await page.getByTestId('analyst-slot').waitFor();

    // Reload: the same filters, the same figures.
    const kept = url().search;
    await page.reload();
    await page.getByTestId('analyst-summary').waitFor();
    expect(url().search).toBe(kept);
    expect(await expectFigures(filters)).toEqual(after);
    expect(await page.getByRole('button', { name: 'Germany', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('combobox', { name: 'Team' }).inputValue()).toBe('ASH');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SMALL.width);
  });
});
