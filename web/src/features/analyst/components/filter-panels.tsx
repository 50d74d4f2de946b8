/**
 * The four filter panels of /virtual-analyst (SPEC section 2): country buttons, the calendar with
 * its hour and minute steppers and 'DATE FILTER', platform and team selectors, and the league
 * selector of the last 10 days. Each reports a change; the page writes it to the URL.
 */
import { useState } from 'react';
import {
  ANALYST_PLATFORMS,
  COUNTRIES,
  DATE_FILTER_LABEL,
  formatFilterTime,
  stepHour,
  stepMinute,
  TEAMS,
  type League,
} from '@punter/core/analyst';
import type { AnalystFilters } from '@/features/analyst/filters';

type Change = (patch: Partial<AnalystFilters>) => void;

export function CountryPanel({ filters, onChange }: { filters: AnalystFilters; onChange: Change }) {
  return (
    <section className="card analyst-panel" aria-labelledby="analyst-country">
      <h2 id="analyst-country">Country</h2>
      <div className="analyst-choices" role="group" aria-label="Country">
        {COUNTRIES.map((country) => (
          <button
            key={country}
            type="button"
            className="analyst-choice"
            aria-pressed={filters.country === country}
            onClick={() => onChange({ country })}
          >
            {country}
          </button>
        ))}
      </div>
    </section>
  );
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** The days of a month as 'YYYY-MM-DD', with the number of blank cells before the 1st (weeks start on Monday). */
function monthDays(year: number, month: number): { lead: number; days: string[] } {
  const first = new Date(Date.UTC(year, month, 1));
  const count = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return {
    lead: (first.getUTCDay() + 6) % 7,
    days: Array.from({ length: count }, (_, i) => `${year}-${pad2(month + 1)}-${pad2(i + 1)}`),
  };
}

function Stepper({ label, value, onStep }: { label: 'Hour' | 'Minute'; value: number; onStep: (delta: number) => void }) {
  return (
    <div className="analyst-stepper" role="group" aria-label={label}>
      <span className="muted">{label}</span>
      <button type="button" className="icon-button" aria-label={`${label} down`} onClick={() => onStep(-1)}>
        −
      </button>
      <output aria-label={label} className="strong">
        {pad2(value)}
      </output>
      <button type="button" className="icon-button" aria-label={`${label} up`} onClick={() => onStep(1)}>
        +
      </button>
    </div>
  );
}

/**
 * Day, hour and minute are a draft until 'DATE FILTER' applies them together (the page mounts a
 * new panel, keyed by the applied date and time, whenever the URL changes them).
 */
export function CalendarPanel({ filters, onChange }: { filters: AnalystFilters; onChange: Change }) {
  const [date, setDate] = useState(filters.date);
  const [hour, setHour] = useState(filters.hour);
  const [minute, setMinute] = useState(filters.minute);
  const [shown, setShown] = useState(() => ({
    year: Number(filters.date.slice(0, 4)),
    month: Number(filters.date.slice(5, 7)) - 1,
  }));
  const { lead, days } = monthDays(shown.year, shown.month);
  const moveMonth = (delta: number) =>
    setShown(({ year, month }) => {
      const next = year * 12 + month + delta;
      return { year: Math.floor(next / 12), month: next % 12 };
    });

  return (
    <section className="card analyst-panel" aria-labelledby="analyst-calendar">
      <h2 id="analyst-calendar">Date and time</h2>
      <div className="analyst-month">
        <button type="button" className="icon-button" aria-label="Previous month" onClick={() => moveMonth(-1)}>
          ‹
        </button>
        <span className="strong" aria-live="polite">
          {MONTHS[shown.month]} {shown.year}
        </span>
        <button type="button" className="icon-button" aria-label="Next month" onClick={() => moveMonth(1)}>
          ›
        </button>
      </div>
      <div className="analyst-calendar" role="group" aria-label="Day">
        {WEEKDAYS.map((d) => (
          <span key={d} className="muted analyst-weekday" aria-hidden="true">
            {d}
          </span>
        ))}
        {Array.from({ length: lead }, (_, i) => (
          <span key={`lead-${i}`} aria-hidden="true" />
        ))}
        {days.map((day) => (
          <button
            key={day}
            type="button"
            className="analyst-day"
            aria-pressed={day === date}
            aria-label={`${Number(day.slice(8))} ${MONTHS[shown.month]} ${shown.year}`}
            onClick={() => setDate(day)}
          >
            {Number(day.slice(8))}
          </button>
        ))}
      </div>
      <div className="analyst-steppers">
        <Stepper label="Hour" value={hour} onStep={(delta) => setHour((h) => stepHour(h, delta))} />
        <Stepper label="Minute" value={minute} onStep={(delta) => setMinute((m) => stepMinute(m, delta))} />
      </div>
      <button type="button" className="button button-block" onClick={() => onChange({ date, hour, minute })}>
        {DATE_FILTER_LABEL}
      </button>
      <p className="muted analyst-small">
        Showing {filters.date} up to {formatFilterTime(filters.hour, filters.minute)} (Lagos time)
      </p>
    </section>
  );
}

export function PlatformTeamPanel({ filters, onChange }: { filters: AnalystFilters; onChange: Change }) {
  return (
    <section className="card analyst-panel" aria-labelledby="analyst-platform">
      <h2 id="analyst-platform">Platform and team</h2>
      <div className="analyst-choices" role="group" aria-label="Platform">
        {ANALYST_PLATFORMS.map((p) => (
          <button
            key={p.id}
            type="button"
            className="analyst-choice"
            aria-pressed={filters.platform === p.id}
            onClick={() => onChange({ platform: p.id })}
          >
            {p.label}
          </button>
        ))}
      </div>
      <label className="field">
        <span>Team</span>
        <select value={filters.team ?? ''} onChange={(e) => onChange({ team: e.target.value || null })}>
          <option value="">All teams</option>
          {TEAMS.map((t) => (
            <option key={t.id} value={t.shortName}>
              {t.shortName}
            </option>
          ))}
        </select>
      </label>
    </section>
  );
}

export function LeaguePanel({
  filters,
  leagues,
  onChange,
}: {
  filters: AnalystFilters;
  leagues: readonly League[];
  onChange: Change;
}) {
  return (
    <section className="card analyst-panel" aria-labelledby="analyst-league">
      <h2 id="analyst-league">League</h2>
      <div className="analyst-choices analyst-leagues" role="group" aria-label="League">
        {leagues.map((league) => (
          <button
            key={league.date}
            type="button"
            className="analyst-choice"
            aria-pressed={filters.date === league.date}
            onClick={() => onChange({ date: league.date })}
          >
            {league.name}
          </button>
        ))}
      </div>
    </section>
  );
}
