// First: the messages of zod/mini (before env.ts parses the configuration).
import '@/lib/zod-locale';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
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
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  window.addEventListener('load', () => void registerServiceWorker(), { once: true });
}
