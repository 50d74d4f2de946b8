import { Link } from 'react-router-dom';

/** The back arrow of the password screens. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="back-link" aria-label={label}>
      <span aria-hidden="true">←</span> Back
    </Link>
  );
}
