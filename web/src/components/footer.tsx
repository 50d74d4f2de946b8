import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { lagosYear } from '@/lib/format';

export function Footer() {
  return (
    <footer className="footer">
      <p>
        © {lagosYear()} Punter. 18+ only. Betting carries a real risk of losing money; trade sport, never stake what you cannot
        afford to lose.
      </p>
      <nav aria-label="Legal" className="footer-links">
        <Link to={paths.privacyPolicy.getHref()}>Privacy policy</Link>
        <Link to={paths.termsAndConditions.getHref()}>Terms and conditions</Link>
        <Link to={paths.saferGambling.getHref()}>Safer gambling and help</Link>
      </nav>
    </footer>
  );
}
