/**
 * The web app's headers are stated once, in firebase.json: the security headers for documents and the
 * worker (every path outside /assets/), nosniff for every path, a year's immutable cache for the hashed
 * files under /assets/. `vite preview`, which the e2e suite serves the production build with, sends the
 * same ones path by path (vite.config.ts), plus the local emulators' and the sandbox checkout's origins,
 * so the browser tests prove the app works under the policy Hosting enforces.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import { z } from 'zod';
import { ROUTE_CHUNKS_ID } from './src/lib/route-preload.ts';
import { PRERENDERED_SHOWN_CLASS } from './src/lib/prerendered.ts';
import { SNAPSHOT_ID, SNAPSHOT_KEY, SNAPSHOT_SHOWN_CLASS } from './src/lib/screen-snapshot.ts';

/** The global through which ROUTE_PRELOAD_SCRIPT hands its preload to SNAPSHOT_SCRIPT on a repeat visit. */
const PRELOAD_HANDOFF = '__punterPreload';
/** The id of the modulepreload link the build leaves in place of the entry's module script (build-plugins.ts). */
export const APP_ENTRY_ID = 'app-entry';
/**
 * Longest wait for the first contentful paint before SNAPSHOT_SCRIPT starts the app anyway (a tab sent to the
 * background meanwhile paints nothing; a hidden one does not wait at all). A slow phone paints the copy in about
 * 0.5–1.1 s (the bench's and the browser suite's runs at 4x CPU).
 */
const APP_START_WAIT_MS = 3000;

/**
 * The inline script that preloads the opened route's chunks (vite.config.ts), and on /login, for a
 * visitor without a stored profile (localStorage 'profile', lib/session.ts), shows the prerendered screen
 * (class 'prerender-login' on <html>, ADR 0031). On a repeat visit to /dashboard that will paint the last
 * visit's copy (ADR 0032: a stored profile and copy, and the service worker answering from its cache), it
 * leaves the preload to SNAPSHOT_SCRIPT (window[PRELOAD_HANDOFF]), which runs it once the copy has painted:
 * appending the links costs the main thread more than the cached chunks gain from starting early.
 * It is the same text in every build (the chunk map sits beside it in a JSON block, which is data, never
 * run), so the CSP allows it by its hash: firebase.json's script-src carries ROUTE_PRELOAD_SCRIPT_HASH.
 */
export const ROUTE_PRELOAD_SCRIPT = `(function(){var p=location.pathname.replace(/\\/$/,'')||'/',w=false;try{if(p==='/login'&&!localStorage.getItem('profile'))document.documentElement.classList.add('prerender-login');w=p==='/dashboard'&&!!navigator.serviceWorker&&!!navigator.serviceWorker.controller&&!!localStorage.getItem('profile')&&!!localStorage.getItem('${SNAPSHOT_KEY}')}catch(e){}var d=document.getElementById('${ROUTE_CHUNKS_ID}');if(!d)return;var m=JSON.parse(d.textContent),f=m[p];if(!f)for(var k in m)if(k.indexOf(':')>=0&&new RegExp('^'+k.replace(/:[^/]+/g,'[^/]+')+'$').test(p)){f=m[k];break}if(!f)return;var g=function(){f.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.href=h;document.head.appendChild(l)})};if(w)window.${PRELOAD_HANDOFF}=g;else g()})()`;
export const ROUTE_PRELOAD_SCRIPT_HASH = `'sha256-${createHash('sha256').update(ROUTE_PRELOAD_SCRIPT).digest('base64')}'`;

/**
 * The inline script right after index.html's #root element (build-plugins.ts, ADR 0032, ADR 0052). Where the
 * route preload script did not show the prerendered /login (the build puts it in #root, inert), it empties the
 * root and lifts inert, so no other screen paints the login form. On /dashboard, with a stored profile and the
 * last visit's copy of the screen (lib/screen-snapshot.ts), it puts the copy in #snapshot and shows it (the class
 * on <html>) before the first paint. Then it runs the route preload that ROUTE_PRELOAD_SCRIPT left to it, and
 * starts the app: the build leaves the entry as a modulepreload link (APP_ENTRY_ID, build-plugins.ts), fetched
 * from the start as before, and this script adds its module script. Both happen once the copy or the prerendered
 * /login has been painted (the browser's first-contentful-paint entry; at most APP_START_WAIT_MS, for a tab sent
 * to the background meanwhile or a browser without paint timing), at once when neither shows or the tab is
 * hidden: a browser that has the app's modules (HTTP cache, service worker) runs a parser-inserted module script
 * as soon as the HTML is parsed, before painting, and evaluating them takes 250–440 ms on a slow phone (the
 * bench's 4x CPU), which the painted copy, the page's largest paint, then waited for. Waiting one animation frame
 * was not enough: Chromium reported the paint after the app's evaluation in one run of two (the browser suite).
 * Without that link (the dev server) it starts nothing.
 * The CSP allows it by its hash: firebase.json's script-src carries SNAPSHOT_SCRIPT_HASH.
 */
export const SNAPSHOT_SCRIPT = `(function(){var g=window.${PRELOAD_HANDOFF},shown=false,r=document.getElementById('root');window.${PRELOAD_HANDOFF}=null;if(r&&!document.documentElement.classList.contains('${PRERENDERED_SHOWN_CLASS}')){r.textContent='';r.removeAttribute('inert')}try{var p=location.pathname.replace(/\\/$/,'')||'/';if(p==='/dashboard'&&localStorage.getItem('profile')){var s=localStorage.getItem('${SNAPSHOT_KEY}'),e=document.getElementById('${SNAPSHOT_ID}');if(s&&e){e.innerHTML=s;document.documentElement.classList.add('${SNAPSHOT_SHOWN_CLASS}');shown=true}}}catch(x){}var c=document.documentElement.classList,a=document.getElementById('${APP_ENTRY_ID}'),done=false,go=function(){if(done)return;done=true;if(typeof g==='function')g();if(a){var m=document.createElement('script');m.type='module';m.crossOrigin='';m.src=a.href;document.head.appendChild(m)}};if(!(shown||c.contains('${PRERENDERED_SHOWN_CLASS}'))||document.visibilityState!=='visible')return go();try{new PerformanceObserver(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();go()}}).observe({type:'paint',buffered:true})}catch(x){return go()}setTimeout(go,${APP_START_WAIT_MS})})()`;
export const SNAPSHOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(SNAPSHOT_SCRIPT).digest('base64')}'`;

const hostingConfigSchema = z.object({
  hosting: z.object({
    headers: z.array(
      z
        .object({
          source: z.string().optional(),
          regex: z.string().optional(),
          headers: z.array(z.object({ key: z.string().min(1), value: z.string() })).min(1),
        })
        .refine(
          (rule) => (rule.source === undefined) !== (rule.regex === undefined),
          'a header rule has a source or a regex, not both',
        ),
    ),
  }),
});

/** A header rule of firebase.json: the paths it matches, and what it adds. */
export interface HostingHeaderRule {
  pattern: RegExp;
  headers: Record<string, string>;
}

/**
 * A Hosting glob as a RegExp over the URL path: `**` is any run of characters, `*` any within one
 * segment. The project's rules need nothing more; any other glob syntax is refused rather than guessed.
 */
export function globToRegExp(glob: string): RegExp {
  if (/[?[\]{}()!@+\\]/.test(glob)) throw new Error(`firebase.json: the glob ${glob} uses syntax this project does not read`);
  const body = glob
    .split('**')
    .map((part) =>
      part
        .split('*')
        .map((text) => text.replace(/[.^$|/]/g, '\\$&'))
        .join('[^/]*'),
    )
    .join('.*');
  return new RegExp(`^${body}$`);
}

/** firebase.json's header rules in order (Hosting applies every rule that matches a path). */
export function hostingHeaderRules(): HostingHeaderRule[] {
  const path = fileURLToPath(new URL('../firebase.json', import.meta.url));
  const config = hostingConfigSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  return config.hosting.headers.map((rule) => ({
    pattern: rule.regex !== undefined ? new RegExp(rule.regex) : globToRegExp(rule.source ?? ''),
    headers: Object.fromEntries(rule.headers.map((h) => [h.key, h.value])),
  }));
}

/**
 * The headers Hosting sends with `path` (by default a document: every route answers with index.html).
 * The security headers are for documents and the worker; a hashed file under /assets/ gets only nosniff
 * and its cache lifetime (a CSP on a script's response does nothing, and would cost ~1 KB per file).
 */
export function hostingHeaders(path = '/index.html', rules = hostingHeaderRules()): Record<string, string> {
  return Object.assign({}, ...rules.filter((r) => r.pattern.test(path)).map((r) => r.headers)) as Record<string, string>;
}

/** `csp` with `sources` added to each named directive (local development only). */
export function addCspSources(csp: string, sources: Readonly<Record<string, readonly string[]>>): string {
  return csp
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean)
    .map((directive) => {
      const [name = ''] = directive.split(/\s+/, 1);
      const extra = sources[name];
      return extra?.length ? `${directive} ${extra.join(' ')}` : directive;
    })
    .join('; ');
}

/**
 * Firebase Messaging's token calls (ADR 0014): the browser registers with Firebase Installations and
 * FCM's registration API before it gets a push token.
 */
export const FCM_CONNECT_SOURCES = [
  'https://fcmregistrations.googleapis.com',
  'https://firebaseinstallations.googleapis.com',
] as const;

/**
 * What the build's own features add to Hosting's policy: FCM's registration origins, and only when
 * FCM is on (VITE_FCM_VAPID_KEY set). Without it the app never calls them, so the policy refuses them.
 */
export function featureCspSources(env: NodeJS.ProcessEnv = process.env): Record<string, readonly string[]> {
  return env.VITE_FCM_VAPID_KEY ? { 'connect-src': FCM_CONNECT_SOURCES } : {};
}

/**
 * firebase.json's header rules with the local stack's origins in each CSP: the emulators (Auth, Functions,
 * Firestore) for connect-src, the provider's sandbox checkout for frame-src, and the build's features
 * (featureCspSources). Addresses as the web build reads them. Computed once; each request only merges.
 */
export function localPreviewRules(env: NodeJS.ProcessEnv = process.env, rules = hostingHeaderRules()): HostingHeaderRule[] {
  if (!rules.some((r) => r.headers['Content-Security-Policy']))
    throw new Error('firebase.json: no Content-Security-Policy header for the app');
  const hosts = [
    env.VITE_AUTH_EMULATOR_HOST || '127.0.0.1:9099',
    env.VITE_FUNCTIONS_EMULATOR_HOST || '127.0.0.1:5001',
    env.VITE_FIRESTORE_EMULATOR_HOST || '127.0.0.1:8080',
  ];
  const provider = new URL(env.VITE_PROVIDER_ORIGIN || 'http://127.0.0.1:8787').origin;
  const local = env.VITE_USE_EMULATORS === 'false' ? [] : hosts.flatMap((h) => [`http://${h}`, `ws://${h}`]);
  const sources = { 'connect-src': [...local, ...(featureCspSources(env)['connect-src'] ?? [])], 'frame-src': [provider] };
  return rules.map(({ pattern, headers }) => {
    const csp = headers['Content-Security-Policy'];
    return { pattern, headers: csp ? { ...headers, 'Content-Security-Policy': addCspSources(csp, sources) } : headers };
  });
}

/** What `vite preview` sends with `path`: Hosting's headers, with the local origins in the CSP (localPreviewRules). */
export function localPreviewHeaders(env: NodeJS.ProcessEnv = process.env, path = '/index.html'): Record<string, string> {
  return hostingHeaders(path, localPreviewRules(env));
}
