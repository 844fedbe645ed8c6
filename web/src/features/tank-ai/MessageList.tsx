import { useEffect, useRef, type ReactNode } from 'react';
import { formatMessageTime, type ChatMessage } from './chat-message';

/**
 * The conversation, kept scrolled to the newest message; a live region so answers are read out.
 * `children` sit below the messages in the same scrolling area (the suggested questions use the
 * room the greeting leaves), outside the live region, since they are not messages.
 */
export function MessageList({ messages, typing, children }: { messages: ChatMessage[]; typing: boolean; children?: ReactNode }) {
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    list.scrollTo({ top: list.scrollHeight, behavior: reduceMotion ? 'auto' : 'smooth' });
  }, [messages.length, typing]);

  return (
    // Focusable so keyboard users can scroll back through the conversation.
    <div ref={listRef} className="chat-scroll" role="region" aria-label="Conversation" tabIndex={0}>
      <div className="chat-messages" role="log" aria-label="Conversation with Tank AI" aria-live="polite">
        {messages.map((message) => (
          <MessageBubble key={message.id} message={message} />
        ))}
        {typing && <TypingIndicator />}
      </div>
      {children}
    </div>
  );
}

function MessageBubble({ message }: { message: ChatMessage }) {
  const author = message.sender === 'ai' ? 'Tank AI' : 'You';
  return (
    <article className={`chat-message chat-message-${message.sender}`} aria-label={`${author} at ${formatMessageTime(message.timestamp)}`}>
      <p className="chat-message-text">{message.text}</p>
      <footer className="chat-message-meta">
        {author} · <time dateTime={message.timestamp.toISOString()}>{formatMessageTime(message.timestamp)}</time>
      </footer>
    </article>
  );
}

function TypingIndicator() {
  return (
    <div className="chat-message chat-message-ai chat-typing" role="status">
      <span className="chat-typing-dots" aria-hidden="true">
        <span />
        <span />
        <span />
      </span>
      <span className="chat-typing-text">Tank AI is typing...</span>
    </div>
  );
}
