import { useEffect, useEffectEvent, useRef, type ReactNode } from 'react';
import './modal.css';

export interface ModalProps {
  /** The id of the element naming the dialog (its title). */
  labelledBy: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal on the native <dialog>: showModal() puts it in the top layer and makes the rest of the
 * page inert, so focus cannot leave it; Escape closes it (the browser's cancel), so does a click
 * on the backdrop; focus goes back to whatever opened it. A dialog opened from a dialog stacks
 * on top, and Escape closes only the top one.
 */
export function Modal({ labelledBy, onClose, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const close = useEffectEvent(onClose);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // 'close' also fires (later) for the close() below: a dialog open again by then is the
    // StrictMode remount, not the user closing it.
    const onNativeClose = () => {
      if (!dialog.open) close();
    };
    dialog.addEventListener('close', onNativeClose);
    dialog.showModal();
    return () => {
      dialog.removeEventListener('close', onNativeClose);
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    // The dialog element is the backdrop's hit area: its content fills it, so a click whose
    // target is the dialog itself landed outside the content.
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={labelledBy}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="modal-content">{children}</div>
    </dialog>
  );
}

/** The dialog's title bar with its close button. */
export function ModalHeader({ titleId, title, onClose, children }: { titleId: string; title: ReactNode; onClose: () => void; children?: ReactNode }) {
  return (
    <header className="modal-header">
      <div className="modal-title-block">
        <h2 id={titleId} className="modal-title">
          {title}
        </h2>
        {children}
      </div>
      <button type="button" className="modal-close" aria-label="Close" onClick={onClose}>
        <span aria-hidden="true">×</span>
      </button>
    </header>
  );
}

/**
 * The dialog's scrolling content. It takes focus itself (after the header's Close button), so the
 * keyboard can scroll a long record that has no link or button inside; named by the title.
 */
export function ModalBody({ titleId, children }: { titleId: string; children: ReactNode }) {
  return (
    <div className="modal-body" role="region" aria-labelledby={titleId} tabIndex={0}>
      {children}
    </div>
  );
}

/** The spec's error modal body: 'Error', the message, and a Close button. */
export function ModalError({ titleId, message, detail, onClose }: { titleId: string; message: string; detail?: string; onClose: () => void }) {
  return (
    <>
      <ModalHeader titleId={titleId} title="Error" onClose={onClose} />
      <div className="modal-body modal-error" role="alert">
        <p>{message}</p>
        {detail && <p className="muted">{detail}</p>}
        <button type="button" className="button button-primary" onClick={onClose}>
          Close
        </button>
      </div>
    </>
  );
}
