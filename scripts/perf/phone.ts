// The portal on a phone over a slow rural link: Chromium at 390 px, 400 ms round trip, 400 kbit/s
// down and 200 up, the CPU slowed four times, a cold cache, signed in as an owner. Prints, per page,
// what was transferred (by kind), the largest contentful paint, the layout shift and the load time.
// It measures; it asserts nothing.
//
//   npm run perf:phone                      (builds if needed, starts its own server on the demo)
//   PERF_BASE_URL=http://127.0.0.1:3000 npm run perf:phone   (measures a running portal)
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { ensureBuild, serverArgs } from '../ensure-build';

const PROFILE = { latencyMs: 400, downloadBytesPerSec: 400_000 / 8, uploadBytesPerSec: 200_000 / 8, cpuSlowdown: 4, width: 390, height: 844 };
const OWNER = process.env.PERF_OWNER ?? 'owner.hansen@example.com';
const PASSWORD = process.env.PERF_PASSWORD ?? 'demo-password-1';
const RUNS = Number(process.env.PERF_RUNS ?? 3);

type Kind = 'html' | 'css' | 'js' | 'font' | 'image' | 'other';
type Measure = { bytes: Record<Kind, number>; total: number; lcpMs: number; cls: number; loadMs: number };

function kindOf(type: string, mime: string): Kind {
  if (type === 'Document') return 'html';
  if (type === 'Stylesheet' || mime.includes('css')) return 'css';
  if (type === 'Script' || mime.includes('javascript')) return 'js';
  if (type === 'Font' || mime.includes('font')) return 'font';
  if (type === 'Image' || mime.startsWith('image/')) return 'image';
  return 'other';
}

async function startServer(): Promise<{ base: string; server: ChildProcess }> {
  ensureBuild();
  const port = process.env.PERF_PORT ?? '3190';
  const dataDir = '.data/perf';
  rmSync(path.resolve(dataDir), { recursive: true, force: true });
  process.env.MMP_DATA_DIR = dataDir;
  process.env.MMP_DEMO = '1';
  const { prepareDatabase } = await import('../prepare-db');
  await prepareDatabase();
  const server = spawn(process.execPath, serverArgs(), {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: port, MMP_PUBLIC_URL: `http://127.0.0.1:${port}`, NEXT_TELEMETRY_DISABLED: '1' },
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, server };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  server.kill();
  throw new Error(`The server did not answer on ${base} within a minute.`);
}

async function signedInContext(browser: Browser, base: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: PROFILE.width, height: PROFILE.height }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/sign-in');
  await page.getByLabel('Email address').fill(OWNER);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/sign-in'));
  await page.close();
  return context;
}

/** One cold visit: a fresh context carrying only the session cookie, so nothing is cached. */
async function measure(browser: Browser, base: string, cookies: Awaited<ReturnType<BrowserContext['cookies']>>, url: string): Promise<Measure> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: PROFILE.width, height: PROFILE.height }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });
  await context.addCookies(cookies);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PROFILE.latencyMs,
    downloadThroughput: PROFILE.downloadBytesPerSec,
    uploadThroughput: PROFILE.uploadBytesPerSec,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpuSlowdown });
  const requests = new Map<string, { type: string; mime: string; url: string }>();
  const detail: string[] = [];
  const bytes: Record<Kind, number> = { html: 0, css: 0, js: 0, font: 0, image: 0, other: 0 };
  cdp.on('Network.responseReceived', (e) => requests.set(e.requestId, { type: e.type, mime: e.response.mimeType, url: e.response.url }));
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (!r) return;
    bytes[kindOf(r.type, r.mime)] += e.encodedDataLength;
    detail.push(`  ${String(Math.round(e.encodedDataLength / 1024)).padStart(4)} KB ${kindOf(r.type, r.mime).padEnd(5)} ${r.url.replace(base, '')}`);
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number; __cls: number };
    w.__lcp = 0;
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__lcp = e.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) w.__cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
  const timing = await page.evaluate(() => {
    const w = window as unknown as { __lcp: number; __cls: number };
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return { lcp: w.__lcp, cls: w.__cls, load: nav.loadEventEnd };
  });
  await context.close();
  if (process.env.PERF_DETAIL === '1') console.log(`${url}\n${detail.join('\n')}`);
  const total = Object.values(bytes).reduce((a, b) => a + b, 0);
  return { bytes, total, lcpMs: timing.lcp, cls: timing.cls, loadMs: timing.load };
}

const kb = (n: number) => `${Math.round(n / 1024)}`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const external = process.env.PERF_BASE_URL;
  const { base, server } = external ? { base: external, server: undefined } : await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const context = await signedInContext(browser, base);
    const page = await context.newPage();
    await page.goto('/dashboard');
    const planHref = await page.locator('a[href^="/plans/"]').first().getAttribute('href');
    const cookies = await context.cookies();
    await context.close();
    const planId = planHref?.match(/^\/plans\/([^/?#]+)/)?.[1];
    const pages: [string, string][] = [['owner dashboard', '/dashboard']];
    if (planId) pages.push(['a plan page', `/plans/${planId}`], ['the plan editor', `/plans/${planId}/edit`]);
    console.log(`Phone profile: ${PROFILE.width} px, ${PROFILE.latencyMs} ms round trip, ${(PROFILE.downloadBytesPerSec * 8) / 1000} kbit/s down, ${(PROFILE.uploadBytesPerSec * 8) / 1000} up, CPU ${PROFILE.cpuSlowdown}x slower, cold cache; median of ${RUNS} visits; signed in as ${OWNER}.`);
    console.log('| page | transferred KB (HTML, CSS, JS, fonts, images) | largest contentful paint | layout shift | load |');
    console.log('|---|---|---|---|---|');
    for (const [name, url] of pages) {
      const runs: Measure[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, base, cookies, url));
      const m = runs.sort((a, b) => a.lcpMs - b.lcpMs)[Math.floor(runs.length / 2)]!;
      const b = m.bytes;
      console.log(`| ${name} (${url}) | ${kb(m.total)} (HTML ${kb(b.html)}, CSS ${kb(b.css)}, JS ${kb(b.js)}, fonts ${kb(b.font)}, images ${kb(b.image)}) | ${(median(runs.map((r) => r.lcpMs)) / 1000).toFixed(1)} s | ${m.cls.toFixed(3)} | ${(median(runs.map((r) => r.loadMs)) / 1000).toFixed(1)} s |`);
    }
  } finally {
    await browser.close();
    server?.kill('SIGTERM');
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});
