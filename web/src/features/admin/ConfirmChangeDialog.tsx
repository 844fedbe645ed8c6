import { useId } from 'react';
import { Modal, ModalHeader } from '../../components/Modal';
import { changeText, type UserChange } from './user-changes';

/**
 * Asks before a role change or a (de)activation. A refused change (the gateway's message) stays
 * in the dialog, so the admin sees why rather than a row that silently did not change.
 */
export function ConfirmChangeDialog(props: { change: UserChange; pending: boolean; error: Error | null; onConfirm: () => void; onCancel: () => void }) {
  const { change, pending, error, onConfirm, onCancel } = props;
  const titleId = useId();
  const text = changeText(change);
  return (
    <Modal labelledBy={titleId} onClose={onCancel}>
      <ModalHeader titleId={titleId} title={text.title} onClose={onCancel} />
      <div className="modal-body admin-confirm">
        <p className="admin-confirm-question">{text.question}</p>
        <p className="muted">{text.consequence}</p>
        {error && (
          <p className="admin-failure" role="alert">
            The change was refused: {error.message}
          </p>
        )}
        <div className="admin-confirm-actions">
          <button type="button" className="button button-secondary" onClick={onCancel}>
            Cancel
          </button>
          <button
            type="button"
            className={`button ${change.patch.is_active === false ? 'button-danger' : 'button-primary'}`}
            onClick={onConfirm}
            disabled={pending}
          >
            {pending ? 'Saving...' : text.confirm}
          </button>
        </div>
      </div>
    </Modal>
  );
}
