/**
 * The app's one icon set: lucide's stroke icons, imported one by one so the build keeps only these
 * (about 0.4 KB gzip each). Screens import icons from here, never from lucide-react directly (lint),
 * so the set stays small and consistent. Icons are decorative: the control around them carries the name.
 */
export {
  Calculator as CalculatorIcon,
  ChevronDown as ChevronDownIcon,
  CirclePlay as HowToIcon,
  Eye as EyeIcon,
  EyeOff as EyeOffIcon,
  Landmark as BankIcon,
  ListChecks as GuidelinesIcon,
  Percent as OverTwoFiveIcon,
  RadioTower as SignalIcon,
  RotateCcw as ResetIcon,
  Settings2 as SetupIcon,
  Ticket as MyGamesIcon,
  TrendingUp as AutoTradaIcon,
  Trophy as PuntersHubIcon,
  UserRound as ProfileIcon,
} from 'lucide-react';

/** Size and accessibility defaults for an icon next to a text label. */
export const iconProps = { size: 18, strokeWidth: 2, 'aria-hidden': true, focusable: false } as const;
