/** docs/product.md section 3: a chat message. */
export interface ChatMessage {
  id: string;
  text: string;
  sender: 'user' | 'ai';
  timestamp: Date;
}

let sequence = 0;

export function chatMessage(sender: ChatMessage['sender'], text: string, timestamp = new Date()): ChatMessage {
  sequence += 1;
  return { id: `${sender}-${timestamp.getTime()}-${sequence}`, text, sender, timestamp };
}

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** '2:14 PM': a chat spans minutes, so the date would be noise. */
export const formatMessageTime = (timestamp: Date): string => timeFormat.format(timestamp);
