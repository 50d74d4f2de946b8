/**
 * /how-to (SPEC section 2): the tutorial videos, titled by the content file (how-to-videos.json), linked by
 * the deployment's VITE_HOW_TO_VIDEOS (ADR 0045); one without a link says 'Video not available yet' and
 * offers no player. Each is a
 * poster drawn here (no image from YouTube) with a play button; the player, from YouTube's
 * privacy-enhanced domain, loads only when tapped, so the page costs almost no data until a video is
 * chosen. Offline, or when the player does not load in time, the video says so and the page works on.
 */
import { useEffect, useMemo, useState } from 'react';
import { youTubeEmbedUrl } from '@punter/core/account';
import { parseHowToVideos, type HowToVideo } from '@punter/core/how-to';
import { Alert } from '@/components/alert';
import { env } from '@/config/env';
import content from '@/features/how-to/how-to-videos.json';

/** How long the player may take to load before the video says it cannot (slow networks included). */
export const PLAYER_TIMEOUT_MS = 20_000;
export const OFFLINE_MESSAGE = 'You are offline, so this video cannot load. It will play once you are connected again.';
export const NOT_AVAILABLE_MESSAGE = 'Video not available yet';
export const FAILED_MESSAGE =
  'This video could not load. Your connection may be too slow, or YouTube may be blocked on this network.';

type State = 'poster' | 'loading' | 'playing' | 'offline' | 'failed';

function PlayMark() {
  return (
    <span className="video-play" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="28" height="28">
        <path fill="currentColor" d="M8 5.5v13l10.5-6.5z" />
      </svg>
    </span>
  );
}

/** A video whose link is not set yet: its number and title, and that it is not available yet; no player. */
function UnavailableVideo({ title, index }: { title: string; index: number }) {
  const titleId = `how-to-video-${index}`;
  return (
    <li className="card video-card" aria-labelledby={titleId}>
      <div className="video-frame">
        <p className="video-poster video-unavailable">
          <span className="video-number" aria-hidden="true">
            {index + 1}
          </span>
          <span className="video-poster-title">{NOT_AVAILABLE_MESSAGE}</span>
        </p>
      </div>
      <h2 id={titleId} className="video-title">
        {title}
      </h2>
    </li>
  );
}

function Video({ video, index }: { video: HowToVideo & { videoId: string }; index: number }) {
  const [state, setState] = useState<State>('poster');

  useEffect(() => {
    if (state !== 'loading') return;
    const timer = window.setTimeout(() => setState('failed'), PLAYER_TIMEOUT_MS);
    const offline = () => setState('offline');
    window.addEventListener('offline', offline);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('offline', offline);
    };
  }, [state]);

  const play = () => setState(navigator.onLine ? 'loading' : 'offline');
  const titleId = `how-to-video-${index}`;

  return (
    <li className="card video-card" aria-labelledby={titleId}>
      <div className="video-frame">
        {state === 'loading' || state === 'playing' ? (
          <>
            <iframe
              src={`${youTubeEmbedUrl(video.videoId)}?autoplay=1&rel=0`}
              title={video.title}
              allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
              onLoad={() => setState('playing')}
            />
            {state === 'loading' ? (
              <p className="video-status" role="status">
                Loading the video...
              </p>
            ) : null}
          </>
        ) : (
          // Named by its visible title ('Play <title>' for screen readers): no aria-label to disagree with the text.
          <button type="button" className="video-poster" onClick={play}>
            <span className="video-number" aria-hidden="true">
              {index + 1}
            </span>
            <span className="video-poster-title">
              <span className="visually-hidden">Play </span>
              {video.title}
            </span>
            <PlayMark />
          </button>
        )}
      </div>
      <h2 id={titleId} className="video-title">
        {video.title}
      </h2>
      {state === 'offline' || state === 'failed' ? (
        <p className="video-error" role="alert">
          {state === 'offline' ? OFFLINE_MESSAGE : FAILED_MESSAGE} Tap the video to try again.
        </p>
      ) : null}
    </li>
  );
}

/** `links`: the deployment's VITE_HOW_TO_VIDEOS (a test hands in its own). */
export function HowToPage({ links = env.VITE_HOW_TO_VIDEOS }: { links?: string }) {
  const loaded = useMemo(() => parseHowToVideos(content, links), [links]);
  return (
    <div className="stack-lg">
      <h1>How to</h1>
      <p className="muted">
        Short tutorials on the app and the methods behind it. A video downloads only when you tap it, so this page uses almost no
        data until then.
      </p>
      {loaded.ok ? (
        <ol className="plain-list video-grid">
          {loaded.videos.map(({ title, videoId }, index) =>
            videoId === null ? (
              <UnavailableVideo key={`unavailable-${index}`} title={title} index={index} />
            ) : (
              <Video key={videoId} video={{ title, videoId }} index={index} />
            ),
          )}
        </ol>
      ) : (
        <Alert>The tutorial list could not be read. Please try again later.</Alert>
      )}
    </div>
  );
}
