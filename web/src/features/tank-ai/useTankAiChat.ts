import { useCallback, useEffect, useState } from 'react';
import { useStatisticsQuery } from '../../api';
import { recordActivity } from '../../telemetry';
import { chatMessage, type ChatMessage } from './chat-message';
import { GREETING_TEXT, replyDelayMs, replyTo, topicOf } from './tank-ai-rules';

/** A question waiting for its answer; `due` once the typing delay has passed. */
interface PendingQuestion {
  question: string;
  due: boolean;
}

/**
 * The conversation (docs/product.md section 4, Chat): a question shows the typing indicator
 * for 1 to 3 s, then the rule-based answer. The answer waits, past the delay, for statistics
 * still in flight, so a question asked as the page opens is not told the figures are
 * unavailable.
 */
export function useTankAiChat() {
  const statistics = useStatisticsQuery();
  const [messages, setMessages] = useState<ChatMessage[]>(() => [chatMessage('ai', GREETING_TEXT)]);
  const [pending, setPending] = useState<PendingQuestion | null>(null);

  const send = useCallback(
    (text: string): boolean => {
      const question = text.trim();
      // docs/product.md section 5: non-empty after trimming, and not while a reply is pending.
      if (!question || pending) return false;
      const message = chatMessage('user', question);
      setMessages((current) => [...current, message]);
      setPending({ question, due: false });
      // The topic, not the text: what admins ask about is the statistic; their words stay here.
      recordActivity('tank_ai_query', { details: { topic: topicOf(question) } });
      return true;
    },
    [pending],
  );

  const waiting = pending !== null && !pending.due;
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setTimeout(() => setPending((current) => current && { ...current, due: true }), replyDelayMs());
    return () => window.clearTimeout(timer);
  }, [waiting]);

  // Settled: figures in hand, or no call running (failed, or never started); then answer.
  const statisticsSettled = statistics.data !== undefined || statistics.fetchStatus === 'idle';
  useEffect(() => {
    if (!pending?.due || !statisticsSettled) return;
    const reply = chatMessage('ai', replyTo(pending.question, statistics.data ?? null).text);
    setMessages((current) => [...current, reply]);
    setPending(null);
  }, [pending, statisticsSettled, statistics.data]);

  return { messages, pending: pending !== null, send };
}
