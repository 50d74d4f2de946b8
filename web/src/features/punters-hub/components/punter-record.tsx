/**
 * A punter's verified record (ADR 0010) in words: win rate with its sample size, the return for a buyer
 * of every paid code, the current streak, and 'New punter' below MIN_RECORD_SAMPLE settled codes, when
 * the figures say too little to judge by.
 */
import { MIN_RECORD_SAMPLE } from '@punter/core/punters-hub';
import type { PunterRecordView } from '@punter/core/api/punters-hub';
import { PuntingPower } from '@/features/punters-hub/components/game-card';

export const NEW_PUNTER_LABEL = 'New punter';
export const NEW_PUNTER_NOTE = `Fewer than ${MIN_RECORD_SAMPLE} settled codes: too few to judge by yet.`;

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** '+12.5%' / '-40%'; a figure of one decimal as the provider rounds it. */
export function signedPercent(value: number): string {
  return `${value > 0 ? '+' : ''}${value}%`;
}

export function streakText(streak: number): string {
  if (streak > 0) return `${plural(streak, 'Boom', 'Booms')} in a row`;
  if (streak < 0) return `${plural(-streak, 'Cut', 'Cuts')} in a row`;
  return 'No streak yet';
}

export function sampleText(record: Pick<PunterRecordView, 'games' | 'won' | 'lost'>): string {
  return `${plural(record.games, 'settled code', 'settled codes')} (${record.won} Boom, ${record.lost} Cut)`;
}

export function roiText(record: Pick<PunterRecordView, 'roi' | 'paid_games'>): string {
  return record.roi === null
    ? 'No paid code settled yet'
    : `${signedPercent(record.roi)} over ${plural(record.paid_games, 'paid code', 'paid codes')}`;
}

export function NewPunterBadge({ record }: { record: Pick<PunterRecordView, 'is_new'> }) {
  return record.is_new ? (
    <span className="pill status-orange" title={NEW_PUNTER_NOTE}>
      {NEW_PUNTER_LABEL}
    </span>
  ) : null;
}

/** The whole record as a list of terms (the profile). */
export function RecordDetails({ record }: { record: PunterRecordView }) {
  return (
    <dl className="details" aria-label="Verified record">
      <dt>Win rate</dt>
      <dd>{record.games === 0 ? 'No settled code yet' : `${record.win_rate}%`}</dd>
      <dt>Sample</dt>
      <dd>{sampleText(record)}</dd>
      <dt>Current streak</dt>
      <dd>{streakText(record.streak)}</dd>
      <dt>Buyer's return</dt>
      <dd>{roiText(record)}</dd>
      <dt>Punting power</dt>
      <dd>
        <PuntingPower value={record.punting_power} />
      </dd>
    </dl>
  );
}
