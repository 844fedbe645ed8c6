import { useState, type FormEvent, type KeyboardEvent, type Ref } from 'react';

/**
 * The question box: Enter sends, Shift+Enter adds a line (docs/product.md section 2). While a
 * reply is pending the box is read-only rather than disabled, so it keeps focus for the next
 * question.
 */
export function ChatInput({ pending, onSend, inputRef }: { pending: boolean; onSend: (text: string) => boolean; inputRef?: Ref<HTMLTextAreaElement> }) {
  const [draft, setDraft] = useState('');
  const canSend = draft.trim() !== '' && !pending;

  function send() {
    if (canSend && onSend(draft)) setDraft('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // isComposing: Enter that confirms an IME composition is not a send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    send();
  }

  return (
    <form className="chat-input" onSubmit={onSubmit}>
      <label htmlFor="tank-ai-question" className="visually-hidden">
        Your question
      </label>
      <textarea
        id="tank-ai-question"
        ref={inputRef}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        readOnly={pending}
        aria-describedby="tank-ai-input-hint"
        placeholder="Ask about regulations, leaks, risk, tank ages..."
        rows={2}
      />
      <button type="submit" className="button button-primary" disabled={!canSend}>
        Send
      </button>
      <p id="tank-ai-input-hint" className="chat-input-hint muted">
        Enter sends, Shift+Enter adds a line.
      </p>
    </form>
  );
}
