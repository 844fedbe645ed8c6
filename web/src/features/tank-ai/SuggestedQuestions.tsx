import { SUGGESTED_QUESTIONS } from './tank-ai-rules';

/** Shown only while the conversation holds just the greeting (docs/product.md section 2); a click asks the question. */
export function SuggestedQuestions({ onAsk }: { onAsk: (question: string) => void }) {
  return (
    <section className="chat-suggestions" aria-labelledby="suggestions-title">
      <h2 id="suggestions-title" className="chat-suggestions-title">
        Suggested questions
      </h2>
      <ul>
        {SUGGESTED_QUESTIONS.map((question) => (
          <li key={question}>
            <button type="button" className="button button-secondary chat-suggestion" onClick={() => onAsk(question)}>
              {question}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
