import { useRef } from 'react';
import { ChatInput } from './ChatInput';
import { MessageList } from './MessageList';
import { SuggestedQuestions } from './SuggestedQuestions';
import { useTankAiChat } from './useTankAiChat';
import './tank-ai.css';

export function TankAiChat() {
  const { messages, pending, send } = useTankAiChat();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  // The clicked suggestion disappears with the list: focus moves to the box for the next question.
  const ask = (question: string) => {
    send(question);
    inputRef.current?.focus();
  };
  return (
    <div className="card chat">
      <MessageList messages={messages} typing={pending}>
        {messages.length === 1 && <SuggestedQuestions onAsk={ask} />}
      </MessageList>
      <ChatInput pending={pending} onSend={send} inputRef={inputRef} />
    </div>
  );
}
