// What `npm start` (scripts/start.mjs) prints once the stack is up: exactly one `Web app: URL` line,
// exactly one `Provider API: URL` line (the base ending in /api/v1), the emulators, where one-time
// codes and logs are, the demo accounts' credentials as the seed printed them, and whether the /how-to
// videos are still placeholders (VITE_HOW_TO_VIDEOS, ADR 0045).

/** SPEC section 2's eight /how-to videos (web/src/features/how-to/how-to-videos.json). */
export const HOW_TO_VIDEO_COUNT = 8;
const YOUTUBE_LINK =
  /^https?:\/\/(?:[\w-]+\.)*(?:youtube\.com|youtu\.be|youtube-nocookie\.com)\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/|live\/)?([A-Za-z0-9_-]{11})(?:[?&#/].*)?$/;

/** How many of the comma-separated places of a VITE_HOW_TO_VIDEOS value hold a real YouTube link (not a placeholder id). */
export function howToVideosLinked(value) {
  return String(value ?? '')
    .split(',')
    .map((link) => YOUTUBE_LINK.exec(link.trim())?.[1])
    .filter((id) => id !== undefined && !/^PLCHLDR/i.test(id)).length;
}

/** The summary's line on the /how-to videos: all linked, or how many are still placeholders and what to set. */
export function howToVideosNotice(value) {
  const linked = Math.min(howToVideosLinked(value), HOW_TO_VIDEO_COUNT);
  if (linked === HOW_TO_VIDEO_COUNT) return `How-to videos: all ${HOW_TO_VIDEO_COUNT} linked (VITE_HOW_TO_VIDEOS)`;
  return `How-to videos: ${HOW_TO_VIDEO_COUNT - linked} of ${HOW_TO_VIDEO_COUNT} are still placeholders ('Video not available yet'); set VITE_HOW_TO_VIDEOS to the eight YouTube links, comma-separated (README, Environment)`;
}

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
 * ports, logDir, seedOutput }); `env` the environment the web app is served with.
 */
export function stackSummary(stack, env = process.env) {
  const { ports } = stack;
  const credentials = demoCredentials(stack.seedOutput);
  return [
    '',
    `Web app: ${stack.webUrl}`,
    `Provider API: ${stack.providerUrl}`,
    `Firestore emulator: 127.0.0.1:${ports.firestore}  Auth emulator: 127.0.0.1:${ports.auth}  Functions emulator: 127.0.0.1:${ports.functions}`,
    `One-time codes sent by the SMS sandbox: ${stack.providerOrigin}/sandbox/sms?phone=<phone number>`,
    credentials ?? `Demo accounts: not seeded here; see ${stack.logDir}/seed.log`,
    howToVideosNotice(env.VITE_HOW_TO_VIDEOS),
    `Logs: ${stack.logDir}`,
    'Press Ctrl+C to stop.',
  ];
}
