/**
 * /safer-gambling (issue 17, 'Safer play'; not in SPEC): open to everyone, signed in or not. Signs
 * that betting has become a problem, the tools of /safer-play, and the support contacts the operator
 * configures in content/support-contacts.json.
 */
import { Link } from 'react-router-dom';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { LegalPage } from '@/features/legal/components/legal-page';
import { shownOrganisations, supportContacts, type SupportContacts } from '@/features/legal/support-contacts';

/** The limits, take-a-break and self-exclusion screen (ADR 0019). */
export const SAFER_PLAY_PATH = paths.saferPlay.getHref();

function telHref(phone: string): string {
  return `tel:${phone.replace(/\s/g, '')}`;
}

export function SaferGamblingPage({ contacts = supportContacts }: { contacts?: SupportContacts }) {
  const { operator } = contacts;
  const whatsapp = operator.whatsapp ?? env.VITE_SUPPORT_WHATSAPP;
  const organisations = shownOrganisations(contacts);
  return (
    <LegalPage title="Safer gambling and help" updated="24 November 2026">
      <p>
        Punter is for adults aged 18 or over. Betting should be a paid-for pastime, not a way to make money or to solve money
        problems: over time the bookmaker wins, because every odd carries its margin. Only stake money you can afford to lose.
      </p>

      <h2>Signs that betting is becoming a problem</h2>
      <p>Be honest with yourself. If one or more of these sound like you, it is time to slow down or stop:</p>
      <ul>
        <li>
          You stake more after a loss to win it back (&quot;chasing&quot;), or you keep looking for one sure odd to fix things.
        </li>
        <li>You bet with money meant for rent, school fees, food, transport, your business or your ajo or esusu contribution.</li>
        <li>You borrow to bet, from friends, family or loan apps, or you sell or pawn things to fund it.</li>
        <li>You hide your betting, or lie about how much you stake or lose, to your family, partner or friends.</li>
        <li>You need bigger stakes or longer odds to feel the same excitement.</li>
        <li>You feel restless, angry or low when you cannot bet, or you bet to escape stress, sadness or boredom.</li>
        <li>You miss work, lectures, prayers or family time because of betting, or you think about it most of the day.</li>
        <li>You have tried to cut down or stop and could not.</li>
        <li>People close to you have told you they are worried.</li>
      </ul>

      <h2>Tools on Punter</h2>
      <ul>
        <li>
          <strong>Limits</strong>: cap what you top up and what you spend on codes and pots per day, week and month. Lowering a
          limit works at once; raising it only after 24 hours.
        </li>
        <li>
          <strong>Take a break</strong>: close the money features and signals for 24 hours up to 6 weeks, with no notifications
          meanwhile.
        </li>
        <li>
          <strong>Self-exclusion</strong>: close them for 6 months up to 5 years. It cannot be lifted early.
        </li>
        <li>
          <strong>The calculators</strong> show how big the stakes get after a run of losses, and a maximum stake you set stops
          the session instead of asking for more.
        </li>
      </ul>
      <p>
        During a break or self-exclusion you can always withdraw your money.{' '}
        <Link to={SAFER_PLAY_PATH}>Set your limits, take a break or exclude yourself</Link>.
      </p>

      <h2>Things that help</h2>
      <ul>
        <li>Decide before you start how much you can afford to lose this week, and stop when it is gone.</li>
        <li>Never borrow to bet, and keep the money for bills in a separate account.</li>
        <li>Do not bet when you are angry, low, drunk or under pressure to pay something.</li>
        <li>Accept a loss as the price of the game: chasing it with bigger stakes usually makes it bigger.</li>
        <li>Talk to someone you trust. Problems with betting are common and nothing to be ashamed of.</li>
      </ul>

      <h2>Talk to someone</h2>
      <p>{operator.name}: we will help you set limits or close your account, and point you to help near you.</p>
      <ul className="plain-list" aria-label="Support contacts">
        <li>
          WhatsApp:{' '}
          <a href={`https://wa.me/${whatsapp}`} target="_blank" rel="noopener noreferrer">
            chat with us
          </a>
        </li>
        {operator.phone ? (
          <li>
            Phone: <a href={telHref(operator.phone)}>{operator.phone}</a>
          </li>
        ) : null}
        {operator.email ? (
          <li>
            Email: <a href={`mailto:${operator.email}`}>{operator.email}</a>
          </li>
        ) : null}
        {operator.hours ? <li>Hours: {operator.hours}</li> : null}
      </ul>

      {organisations.length > 0 ? (
        <>
          <h2>Independent help</h2>
          <p>These organisations are not part of Punter. Their help is free and confidential.</p>
          <ul>
            {organisations.map((org) => (
              <li key={org.name}>
                <strong>{org.name}</strong>: {org.description}
                {org.website ? (
                  <>
                    {' '}
                    <a href={org.website} target="_blank" rel="noopener noreferrer">
                      {new URL(org.website).host}
                    </a>
                  </>
                ) : null}
                {org.phone ? (
                  <>
                    {' '}
                    Phone: <a href={telHref(org.phone)}>{org.phone}</a>
                  </>
                ) : null}
                {org.email ? (
                  <>
                    {' '}
                    Email: <a href={`mailto:${org.email}`}>{org.email}</a>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      <h2>If you are in danger</h2>
      <p>
        If you feel you might harm yourself, or you are in danger, call{' '}
        <a href={telHref(contacts.emergencyNumber)}>{contacts.emergencyNumber}</a> or go to the nearest hospital now. You can also
        ask someone you trust to stay with you.
      </p>
    </LegalPage>
  );
}
