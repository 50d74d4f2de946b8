/** A labelled 4-character code (phone verification, reset code) or 4-digit PIN field. */
import { TextField } from '@/components/text-field';

interface CodeInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** 'pin': digits only, hidden; 'code': 4 letters or digits. */
  kind: 'pin' | 'code';
  autoFocus?: boolean;
}

export function CodeInput({ label, value, onChange, error, kind, autoFocus = false }: CodeInputProps) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(next) => onChange((kind === 'pin' ? next.replace(/\D/g, '') : next.replace(/[^A-Za-z0-9]/g, '')).slice(0, 4))}
      error={error}
      className="code-input"
      name={kind === 'pin' ? 'pin' : 'code'}
      type={kind === 'pin' ? 'password' : 'text'}
      inputMode={kind === 'pin' ? 'numeric' : 'text'}
      autoComplete={kind === 'pin' ? 'off' : 'one-time-code'}
      maxLength={4}
      autoFocus={autoFocus}
      spellCheck={false}
      autoCapitalize="none"
    />
  );
}
