/**
 * A modal whose content's code loads when it first opens: the dashboard's money modals, which most visits
 * never open (a punter who checks the balance does not pay for the forms). Until the code is in, the dialog
 * shows its title and a spinner; if the code cannot load (offline, a connection that dropped it) it says so,
 * with Try again. Once loaded, the content stays mounted like any modal (a checkout under way survives a close).
 */
import { lazy, Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Alert } from '@/components/alert';
import { QuietBoundary } from '@/components/error-boundary';
import { Modal } from '@/components/modal';
import { Spinner } from '@/components/spinner';

export const DEFERRED_MODAL_UNREACHABLE = 'The service is unreachable. Check your connection and try again.';

interface ModalContentProps {
  open: boolean;
  onClose: () => void;
}

interface DeferredModalProps<P extends ModalContentProps> {
  /** The modal's title, shown while its content loads or if it cannot. */
  title: string;
  /** Loads the content component (a dynamic import). */
  load: () => Promise<ComponentType<P>>;
  /** The content's props: `open` and `onClose` drive the dialog whatever shows in it. */
  props: P;
}

export function DeferredModal<P extends ModalContentProps>({ title, load, props }: DeferredModalProps<P>) {
  const [run, setRun] = useState<{ attempt: number; Content: LazyExoticComponent<ComponentType<P>> } | null>(null);
  const [failed, setFailed] = useState(false);
  const { open, onClose } = props;

  useEffect(() => {
    if (open && run === null) setRun({ attempt: 0, Content: lazy(() => load().then((Content) => ({ default: Content }))) });
  }, [open, run, load]);

  const shell = (children: ReactNode) => (
    <Modal open={open} title={title} onClose={onClose}>
      {children}
    </Modal>
  );
  if (run === null) return open ? shell(<Spinner />) : null;
  if (failed) {
    return shell(
      <div className="stack">
        <Alert>{DEFERRED_MODAL_UNREACHABLE}</Alert>
        <button
          type="button"
          className="button"
          onClick={() => {
            setFailed(false);
            setRun({ attempt: run.attempt + 1, Content: lazy(() => load().then((Content) => ({ default: Content }))) });
          }}
        >
          Try again
        </button>
      </div>,
    );
  }
  return (
    <QuietBoundary key={run.attempt} onStop={() => setFailed(true)}>
      <Suspense fallback={shell(<Spinner />)}>
        <run.Content {...props} />
      </Suspense>
    </QuietBoundary>
  );
}
