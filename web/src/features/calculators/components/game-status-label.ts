/**
 * The stake calculator's status as a punter reads it. The stored state starts as 'Ended' (SPEC allows
 * only Playing or Ended), which reads as if a game had been played: before the first game of a
 * session it says so instead.
 */
export const NO_GAME_YET = 'No game yet';

export function gameStatusLabel(state: { readonly gameStatus: 'Playing' | 'Ended'; readonly gameCount: number }): string {
  if (state.gameStatus === 'Ended' && state.gameCount === 0) return NO_GAME_YET;
  return state.gameStatus;
}
