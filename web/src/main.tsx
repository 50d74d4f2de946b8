// First: the messages of zod/mini (before env.ts parses the configuration).
import '@/lib/zod-locale';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { loadMatchedScreens, routes } from '@/app/router';
import { envError } from '@/config/env';
import { dropPrerendered, dropUnshownPrerendered, showsPrerenderedLogin } from '@/lib/prerendered';
import { registerServiceWorker } from '@/lib/service-worker';
import './styles.css';

/** The app's modules are evaluated (this body runs after its imports): after what index.html painted, for the browser suite. */
performance.mark('punter:app-start');

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// The prerendered /login (ADR 0031) and the last visit's dashboard (ADR 0032) stay only where they show, until
// the app's first screen takes their place: anywhere else their hidden markup would sit beside the screen's own.
dropUnshownPrerendered();

if (envError) {
  // A wrong configuration stops the app with a message that names the variable.
  const pre = document.createElement('pre');
  pre.className = 'config-error';
  pre.textContent = envError;
  container.replaceChildren(pre);
  dropPrerendered();
  console.error(envError);
} else {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // The first screen's module first (app/router.tsx, loadMatchedScreens), then the first render. On /login, where
  // index.html painted the screen prerendered from this same tree (ADR 0031, 0052), React hydrates it: it takes over
  // the painted elements instead of building them again. Elsewhere the first render replaces what index.html
  // painted (the last visit's dashboard, ADR 0032) in a transition, which shows the screen at once.
  const hydrate = showsPrerenderedLogin(container);
  void loadMatchedScreens(routes, window.location.pathname).then(() => {
    if (hydrate) {
      hydrateRoot(container, app, {
        // A screen that differs from the prerendered one (a notice left by the last session): React renders it
        // anew, which is right; say so without the error React would print for it.
        onRecoverableError: (error) => console.warn('The prerendered /login was rendered anew:', String(error)),
      });
    } else {
      const root = createRoot(container);
      startTransition(() => root.render(app));
    }
  });
  // index.html's snapshot script adds this module after the first paint (security-headers.ts): the page may have
  // finished loading by the time it runs.
  if (document.readyState === 'complete') void registerServiceWorker();
  else window.addEventListener('load', () => void registerServiceWorker(), { once: true });
}
