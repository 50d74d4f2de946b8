/** A red (error) or green (success) message box; errors are announced to screen readers. */
import type { ReactNode } from 'react';

export function Alert({ kind = 'error', children }: { kind?: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <div className={`alert alert-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

/** Shows one message or a list of messages (SPEC section 8's error lists). */
export function ErrorMessages({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  if (messages.length === 1) return <Alert>{messages[0]}</Alert>;
  return (
    <Alert>
      <ul className="plain-list">
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </Alert>
  );
}
