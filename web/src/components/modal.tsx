/**
 * A modal on the native <dialog> element: focus moves into it, Tab stays inside, Escape closes it,
 * and the page behind is inert. React's `open` is the source of truth; when the dialog closes by
 * itself (a `<form method="dialog">`, `dialog.close()` from elsewhere, the browser's close request),
 * its `close` event reports it through onClose so the state follows.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Wide modals (the checkout iframe) use more of the screen. */
  wide?: boolean;
}

export function Modal({ open, title, onClose, children, wide = false }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // The `close` event is queued after dialog.close(): by then `open` may already be false (we closed
  // it), and onClose must not run a second time. The ref holds the latest prop for that check.
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={wide ? 'modal modal-wide' : 'modal'}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClose={() => {
        if (openRef.current) onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
    >
      {open ? (
        <div className="modal-body">
          <div className="modal-header">
            <h2 id={titleId}>{title}</h2>
            <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
              ×
            </button>
          </div>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
