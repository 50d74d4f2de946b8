import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseHowToVideos } from '@punter/core/how-to';
import content from '@/features/how-to/how-to-videos.json';
import {
  FAILED_MESSAGE,
  HowToPage,
  NOT_AVAILABLE_MESSAGE,
  OFFLINE_MESSAGE,
  PLAYER_TIMEOUT_MS,
} from '@/features/how-to/components/how-to-page';
import { renderWithApp } from '@/testing/render';

const video = (name: string) => screen.getByRole('listitem', { name });
/** A deployment's VITE_HOW_TO_VIDEOS with all eight links set. */
const LINKS = Array.from({ length: 8 }, (_, i) => `https://www.youtube.com/watch?v=VIDEO00000${i + 1}`).join(',');

describe('the how-to content file', () => {
  it('lists the eight tutorials of SPEC in order, each a YouTube link', () => {
    const parsed = parseHowToVideos(content);
    expect(parsed.ok && parsed.videos.map((v) => v.title)).toEqual([
      'Sign-up guide',
      'Introduction',
      'Stake calculator',
      'Over 2.5 strategy 1',
      'Over 2.5 strategy 2',
      '4k daily tips',
      'Over 4.5 signal',
      'Punters Hub',
    ]);
  });
});

describe('HowToPage', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("says 'Video not available yet' for a video without a link (unset, empty place, placeholder), with no player", () => {
    const links = `https://youtu.be/VIDEO000001,,https://www.youtube.com/watch?v=PLCHLDR0003`;
    const { container } = renderWithApp(<HowToPage links={links} />, { path: '/how-to' });
    expect(screen.getAllByRole('button', { name: /^Play / }).map((b) => b.textContent)).toEqual(['1Play Sign-up guide']);
    expect(within(video('Introduction')).getByText(NOT_AVAILABLE_MESSAGE)).toBeTruthy();
    expect(within(video('Stake calculator')).getByText(NOT_AVAILABLE_MESSAGE)).toBeTruthy();
    expect(within(video('Punters Hub')).getByText(NOT_AVAILABLE_MESSAGE)).toBeTruthy();
    expect(screen.getAllByText(NOT_AVAILABLE_MESSAGE)).toHaveLength(7);
    expect(within(video('Introduction')).queryByRole('button')).toBeNull();
    expect(container.querySelectorAll('iframe')).toHaveLength(0);
  });

  it('with no VITE_HOW_TO_VIDEOS set, no video offers a player that would break', () => {
    const { container } = renderWithApp(<HowToPage links="" />, { path: '/how-to' });
    expect(screen.queryAllByRole('button', { name: /^Play / })).toHaveLength(0);
    expect(screen.getAllByText(NOT_AVAILABLE_MESSAGE)).toHaveLength(8);
    expect(container.innerHTML).not.toMatch(/PLCHLDR/);
  });

  it('shows a drawn poster per video and no player (no YouTube address) until one is tapped', () => {
    const { container } = renderWithApp(<HowToPage links={LINKS} />, { path: '/how-to' });
    expect(screen.getAllByRole('button', { name: /^Play / })).toHaveLength(8);
    expect(container.querySelectorAll('iframe, img')).toHaveLength(0);
    expect(container.innerHTML).not.toMatch(/youtube|ytimg/i);

    fireEvent.click(screen.getByRole('button', { name: 'Play Stake calculator' }));
    const frames = container.querySelectorAll('iframe');
    expect(frames).toHaveLength(1);
    expect(frames[0]?.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/VIDEO000003?autoplay=1&rel=0');
    expect(frames[0]?.getAttribute('title')).toBe('Stake calculator');
    expect(within(video('Stake calculator')).getByRole('status').textContent).toBe('Loading the video...');
    // The other seven stay posters.
    expect(screen.getAllByRole('button', { name: /^Play / })).toHaveLength(7);
  });

  it('offline, a tapped video says it cannot load, loads nothing, and plays on a later tap once online', () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { container } = renderWithApp(<HowToPage links={LINKS} />, { path: '/how-to' });
    fireEvent.click(screen.getByRole('button', { name: 'Play Introduction' }));
    expect(within(video('Introduction')).getByRole('alert').textContent).toBe(`${OFFLINE_MESSAGE} Tap the video to try again.`);
    expect(container.querySelectorAll('iframe')).toHaveLength(0);
    // The rest of the page still works.
    expect(screen.getAllByRole('button', { name: /^Play / })).toHaveLength(8);

    online.mockReturnValue(true);
    fireEvent.click(screen.getByRole('button', { name: 'Play Introduction' }));
    expect(container.querySelectorAll('iframe')).toHaveLength(1);
    expect(within(video('Introduction')).queryByRole('alert')).toBeNull();
  });

  it('a player that does not load in time (blocked or too slow) gives way to a message and the poster', () => {
    vi.useFakeTimers();
    const { container } = renderWithApp(<HowToPage links={LINKS} />, { path: '/how-to' });
    fireEvent.click(screen.getByRole('button', { name: 'Play Punters Hub' }));
    expect(container.querySelectorAll('iframe')).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(PLAYER_TIMEOUT_MS);
    });
    expect(within(video('Punters Hub')).getByRole('alert').textContent).toBe(`${FAILED_MESSAGE} Tap the video to try again.`);
    expect(container.querySelectorAll('iframe')).toHaveLength(0);
  });

  it('a player that loads stays, with no message', () => {
    vi.useFakeTimers();
    const { container } = renderWithApp(<HowToPage links={LINKS} />, { path: '/how-to' });
    fireEvent.click(screen.getByRole('button', { name: 'Play 4k daily tips' }));
    const frame = container.querySelector('iframe');
    if (!frame) throw new Error('no player');
    fireEvent.load(frame);
    act(() => {
      vi.advanceTimersByTime(PLAYER_TIMEOUT_MS * 2);
    });
    expect(container.querySelectorAll('iframe')).toHaveLength(1);
    expect(within(video('4k daily tips')).queryByRole('alert')).toBeNull();
    expect(within(video('4k daily tips')).queryByRole('status')).toBeNull();
  });
});
