import { describe, expect, it } from 'vitest';
import { INITIAL_STAKE_CALCULATOR_STATE } from '@punter/core/stake-calculator';
import { gameStatusLabel, NO_GAME_YET } from './game-status-label';

describe('gameStatusLabel', () => {
  it("says no game has been played on a fresh calculator instead of 'Ended'", () => {
    expect(gameStatusLabel(INITIAL_STAKE_CALCULATOR_STATE)).toBe(NO_GAME_YET);
  });
  it('shows Playing while a game is going on, and Ended after one was recorded', () => {
    expect(gameStatusLabel({ gameStatus: 'Playing', gameCount: 0 })).toBe('Playing');
    expect(gameStatusLabel({ gameStatus: 'Ended', gameCount: 1 })).toBe('Ended');
  });
});
