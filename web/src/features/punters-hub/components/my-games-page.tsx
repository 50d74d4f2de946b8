/**
 * /my-games: the user's purchases read live through reactfire (ADR 0045), with loading and error views, into
 * MyGamesView. 'Load more games' widens the live query by one page of 5; the listed pages stay live, so a code
 * settled Boom or Cut changes its status on the open screen within seconds. A listener that fails says
 * 'Error loading games' with a retry.
 */
import { Component, useMemo, useRef, useState, type ReactNode } from 'react';
import { useFirestoreCollectionData } from 'reactfire';
import { MY_GAMES_LOAD_FAILURE, MY_GAMES_PAGE_SIZE } from '@punter/core/punters-hub';
import { myGamesQuery, type MyGame } from '@/features/punters-hub/api/my-games';
import { MyGamesView } from '@/features/punters-hub/components/my-games-view';
import { useProfile } from '@/lib/session';

/** reactfire throws a listener's failure during render; this shows it with a retry. */
class MyGamesBoundary extends Component<{ children: ReactNode; onRetry: () => void }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? (
      <section className="card stack" role="alert">
        <p>{MY_GAMES_LOAD_FAILURE}</p>
        <button type="button" className="button button-small" onClick={this.props.onRetry}>
          Try again
        </button>
      </section>
    ) : (
      this.props.children
    );
  }
}

export function MyGamesPage() {
  const uid = useProfile()?.data.id ?? null;
  const [generation, setGeneration] = useState(0);
  const [pages, setPages] = useState(1);
  if (uid === null) return null;
  return (
    <MyGamesBoundary key={generation} onRetry={() => setGeneration((g) => g + 1)}>
      <LiveMyGames uid={uid} pages={pages} generation={generation} onMore={() => setPages((p) => p + 1)} />
    </MyGamesBoundary>
  );
}

function LiveMyGames({ uid, pages, generation, onMore }: { uid: string; pages: number; generation: number; onMore: () => void }) {
  const games = useMemo(() => myGamesQuery(uid, pages, generation), [uid, pages, generation]);
  const { status, data } = useFirestoreCollectionData(games);
  // While one page more loads (a new listener), the pages already shown stay on screen.
  const shown = useRef<{ list: MyGame[]; count: number }>({ list: [], count: 0 });
  if (status === 'success') shown.current = { list: data.filter((g): g is MyGame => g !== null), count: data.length };
  const loading = status !== 'success';
  return (
    <MyGamesView
      games={shown.current.list}
      loading={loading}
      more={shown.current.count >= pages * MY_GAMES_PAGE_SIZE}
      onMore={onMore}
    />
  );
}
