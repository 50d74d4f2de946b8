// What `npm start` (scripts/start.mjs) prints once the stack is up: exactly one `Web app: URL` line,
// exactly one `Provider API: URL` line (the base ending in /api/v1), the emulators, where one-time
// codes and logs are, and the demo accounts' credentials as the seed printed them.

/**
 * The demo accounts' credentials table out of the seed's output: the `Demo accounts ...` line and
 * the indented lines after it. null when the output has none.
 */
export function demoCredentials(seedOutput) {
  const lines = String(seedOutput ?? '').split(/\r?\n/);
  const start = lines.findIndex((line) => line.startsWith('Demo accounts'));
  if (start < 0) return null;
  const table = [lines[start]];
  for (const line of lines.slice(start + 1)) {
    if (!/^\s+\S/.test(line)) break;
    table.push(line);
  }
  return table.join('\n');
}

/**
 * The summary's lines. `stack` is what startStack() returns ({ webUrl, providerUrl, providerOrigin,
 * ports, logDir, seedOutput }).
 */
export function stackSummary(stack) {
  const { ports } = stack;
  const credentials = demoCredentials(stack.seedOutput);
  return [
    '',
    `Web app: ${stack.webUrl}`,
    `Provider API: ${stack.providerUrl}`,
    `Firestore emulator: 127.0.0.1:${ports.firestore}  Auth emulator: 127.0.0.1:${ports.auth}  Functions emulator: 127.0.0.1:${ports.functions}`,
    `One-time codes sent by the SMS sandbox: ${stack.providerOrigin}/sandbox/sms?phone=<phone number>`,
    credentials ?? `Demo accounts: not seeded here; see ${stack.logDir}/seed.log`,
    `Logs: ${stack.logDir}`,
    'Press Ctrl+C to stop.',
  ];
}
