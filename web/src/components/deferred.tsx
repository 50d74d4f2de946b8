/**
 * Components whose code loads when first needed. DeferredModal: the dashboard's money modals, which most visits
 * never open (a punter who checks the balance does not pay for the forms); until the code is in, the dialog
 * shows its title and a spinner, and once loaded the content stays mounted like any modal (a checkout under
 * way survives a close). DeferredPanel: a part of a screen few users see (the posters' tools, the signal
 * guide's long texts); a spinner in its place meanwhile. Either says so when the code cannot load (offline, a
 * connection that dropped it), with Try again.
 */
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Alert } from '@/components/alert';
import { QuietBoundary } from '@/components/error-boundary';
import { Modal } from '@/components/modal';
import { Spinner } from '@/components/spinner';
import { UNREACHABLE_MESSAGE } from '@/lib/api';
import { useDeferred } from '@/lib/use-deferred';

export const DEFERRED_UNREACHABLE = UNREACHABLE_MESSAGE;

function CouldNotLoad({ retry }: { retry: () => void }) {
  return (
    <div className="stack">
      <Alert>{DEFERRED_UNREACHABLE}</Alert>
      <button type="button" className="button" onClick={retry}>
        Try again
      </button>
    </div>
  );
}

interface ModalContentProps {
  open: boolean;
  onClose: () => void;
}

interface DeferredProps<P> {
  /** Loads the content component (a dynamic import). */
  load: () => Promise<ComponentType<P>>;
  props: P;
}

export function DeferredModal<P extends ModalContentProps>({ title, load, props }: DeferredProps<P> & { title: string }) {
  const { open, onClose } = props;
  const { run, failed, onStop, retry } = useDeferred(load, open);
  const shell = (children: ReactNode) => (
    <Modal open={open} title={title} onClose={onClose}>
      {children}
    </Modal>
  );
  if (run === null) return open ? shell(<Spinner />) : null;
  if (failed) return shell(<CouldNotLoad retry={retry} />);
  return (
    <QuietBoundary key={run.attempt} onStop={onStop}>
      <Suspense fallback={shell(<Spinner />)}>
        <run.Content {...props} />
      </Suspense>
    </QuietBoundary>
  );
}

export function DeferredPanel<P extends object>({ load, props }: DeferredProps<P>) {
  const { run, failed, onStop, retry } = useDeferred(load, true);
  if (failed) return <CouldNotLoad retry={retry} />;
  if (run === null) return <Spinner />;
  return (
    <QuietBoundary key={run.attempt} onStop={onStop}>
      <Suspense fallback={<Spinner />}>
        <run.Content {...props} />
      </Suspense>
    </QuietBoundary>
  );
}
