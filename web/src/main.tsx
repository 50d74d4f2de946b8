// First: the messages of zod/mini (before env.ts parses the configuration).
import '@/lib/zod-locale';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { loadMatchedScreens, routes } from '@/app/router';
import { envError } from '@/config/env';
import { dropPrerendered, dropUnshownPrerendered } from '@/lib/prerendered';
import { registerServiceWorker } from '@/lib/service-worker';
import './styles.css';

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
  const root = createRoot(container);
  // The first screen's module first (app/router.tsx, loadMatchedScreens), then the first render, in a
  // transition: it shows the screen at once, and what index.html painted stays until then (ADR 0031, 0032).
  void loadMatchedScreens(routes, window.location.pathname).then(() =>
    startTransition(() =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    ),
  );
  window.addEventListener('load', () => void registerServiceWorker(), { once: true });
}
