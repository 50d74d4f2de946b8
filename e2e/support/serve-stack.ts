/**
 * Starts the test stack and keeps it running (for working on the browser tests):
 *   node --import tsx e2e/support/serve-stack.ts
 * then run the tests against it with E2E_WEB_URL and E2E_PROVIDER_ORIGIN set to the printed URLs.
 */
import { startTestStack } from './stack';

const stack = await startTestStack();
console.log(`E2E_WEB_URL=${stack.webUrl} E2E_PROVIDER_ORIGIN=${stack.providerOrigin}`);
const stop = async () => {
  await stack.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
setInterval(() => undefined, 60_000);
