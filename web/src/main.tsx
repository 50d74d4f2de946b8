// First: the messages of zod/mini (before env.ts parses the configuration).
import '@/lib/zod-locale';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { envError } from '@/config/env';
import { dropPrerendered, PRERENDERED_SHOWN_CLASS } from '@/lib/prerendered';
import { registerServiceWorker } from '@/lib/service-worker';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// The prerendered /login (ADR 0031) stays only where it shows, until LoginPage takes its place: anywhere
// else its hidden form would sit beside the screen's own fields.
if (!document.documentElement.classList.contains(PRERENDERED_SHOWN_CLASS)) dropPrerendered();

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
