/**
 * Tank AI's answers: local keyword rules, no server call (docs/product.md section 7). The
 * rules are an ordered table, pattern -> reply; the first match wins. Topic rules come before
 * the conversational ones so that 'Hi, what causes leaks?' answers about leaks, and the broad
 * 'data' rule comes after regulation, leak, risk and age so that 'how many tanks are over 40
 * years old' answers about age. Figures are the live /facilities-statistics
 * (docs/decisions/0014-tank-ai-live-figures.md); an answer that needs them and has none gets
 * the spec's failure text.
 */
import type { FacilityStatistics } from '@ust/schemas';
import { formatCount as count, formatOneDecimal as oneDecimal, formatUsd as usd } from '../../components/format';

export const CHAT_FAILURE_TEXT = "I apologize, but I'm experiencing technical difficulties. Please try again later.";

export const GREETING_TEXT =
  "Hello! I'm Tank AI, your assistant for underground storage tank risk. Ask me about regulations, leaks, risk scores, tank ages, or the figures in this database.";

/** docs/product.md section 2: regulations, how risk is calculated, leak causes, tank ages, facility statistics. */
export const SUGGESTED_QUESTIONS = [
  'What are the EPA regulations for storage tanks?',
  'How is facility risk calculated?',
  'What causes tank leaks?',
  'How old are most storage tanks?',
  'Show me facility statistics',
] as const;

/** docs/product.md section 9. A published estimate quoted as such, never as a figure of this database (docs/decisions/0014-tank-ai-live-figures.md). */
export const PUBLISHED_AVERAGE_CLEANUP_COST_USD = 125_000;

export type TankAiStatistics = Pick<
  FacilityStatistics,
  'total_facilities' | 'total_tanks' | 'active_tanks' | 'average_tank_age' | 'total_leaks' | 'facilities_with_leaks' | 'leak_rate' | 'tanks_by_age_band'
>;

export type Topic = 'regulation' | 'leak' | 'risk' | 'age' | 'data' | 'search' | 'map' | 'thanks' | 'help' | 'greeting' | 'short' | 'fallback';

interface Rule {
  topic: Topic;
  matches: (text: string) => boolean;
  /** A string answers as is; a function needs the live figures. */
  reply: string | ((statistics: TankAiStatistics) => string);
}

const words = (pattern: string) => {
  const regex = new RegExp(`\\b(?:${pattern})\\b`);
  return (text: string) => regex.test(text);
};

const TOPICS_OFFERED = 'regulations, leak causes, risk scores, tank ages, the database figures, search, or the map';

function leakReply(s: TankAiStatistics): string {
  return (
    'Most leaks come from corrosion of older single-walled steel tanks and piping, loose or failed fittings and connectors, ' +
    'faulty installation, and spills or overfills during deliveries. ' +
    `This database records ${count(s.total_leaks)} releases, and ${count(s.facilities_with_leaks)} of ${count(s.total_facilities)} facilities ` +
    `(${oneDecimal(s.leak_rate)}%) have had at least one. ` +
    `A published industry estimate puts the average cleanup cost at about ${usd(PUBLISHED_AVERAGE_CLEANUP_COST_USD)} per release; ` +
    'that is an estimate, not a figure from this data.'
  );
}

function ageReply(s: TankAiStatistics): string {
  const average = `The average tank age is ${oneDecimal(s.average_tank_age)} years (tanks with a known installation date).`;
  const banded = s.tanks_by_age_band.reduce((sum, band) => sum + band.tanks, 0);
  const largest = s.tanks_by_age_band.reduce<TankAiStatistics['tanks_by_age_band'][number] | undefined>(
    (best, band) => (best && best.tanks >= band.tanks ? best : band),
    undefined,
  );
  const most =
    largest && banded > 0
      ? ` The largest group of active tanks is ${largest.band} years old: ${count(largest.tanks)} of ${count(banded)} (${oneDecimal((100 * largest.tanks) / banded)}%).`
      : '';
  return `${average}${most} Older tanks are more often single-walled steel without modern corrosion protection, which raises the risk of a leak.`;
}

function dataReply(s: TankAiStatistics): string {
  return (
    `The database holds ${count(s.total_facilities)} facilities with ${count(s.total_tanks)} tanks, ${count(s.active_tanks)} of them active. ` +
    `It records ${count(s.total_leaks)} releases (leaks), and ${oneDecimal(s.leak_rate)}% of facilities (${count(s.facilities_with_leaks)}) have had at least one. ` +
    `The average tank age is ${oneDecimal(s.average_tank_age)} years. The dashboard shows these figures with charts.`
  );
}

export const RULES: readonly Rule[] = [
  {
    topic: 'regulation',
    matches: words('regulat\\w*|epa|complian\\w*|rules?|laws?|cfr|federal|requirements?|inspections?|permits?'),
    reply:
      'Underground storage tanks are regulated by the EPA under 40 CFR Part 280 and by state programs, which may be stricter. ' +
      'The main requirements: leak detection for tanks and piping, corrosion protection for steel components, spill and overfill prevention, ' +
      'regular walkthrough inspections, reporting suspected releases within 24 hours, and financial responsibility (40 CFR 280.93) to pay for cleanups and third-party claims.',
  },
  { topic: 'leak', matches: words('leak\\w*|releases?|spill\\w*|contamina\\w*|clean ?ups?|remediat\\w*|lust'), reply: leakReply },
  {
    topic: 'risk',
    matches: words('risk\\w*|scor\\w*|dangerous|hazard\\w*|premiums?|insur\\w*|underwrit\\w*'),
    reply:
      'Each facility gets a risk score from 1 to 10: 1-3 low, 4-6 moderate, 7-10 high. Points come from tank age, construction and protection ' +
      '(double walls, leak detection, corrosion protection, secondary containment), release history and how recent it is, the substance stored, ' +
      'capacity, tanks out of service, and what is nearby: population and private wells within 1,500 ft, source-water and wellhead protection areas, and floodplains. ' +
      "A facility's details show the breakdown behind its score.",
  },
  { topic: 'age', matches: words('age|ages|aged|ageing|aging|old|older|oldest|install\\w*|lifespan|vintage'), reply: ageReply },
  { topic: 'data', matches: words('statistics?|stats|data|database|dataset|how many|number of|numbers|totals?|counts?|figures|facts'), reply: dataReply },
  {
    topic: 'search',
    matches: words('search\\w*|address\\w*|find|look ?up|near|nearby|closest|zip'),
    reply:
      'Open Search and enter a street address, city, state or ZIP code. You get the closest facilities within 10 miles with their distance, ' +
      'tank count, leak history and indicative insurance quotes, plus the closest known release.',
  },
  {
    topic: 'map',
    matches: words('maps?|county|counties|states?|heat ?maps?|regions?|regional|geograph\\w*'),
    reply:
      'The Map colours states or counties by the metric you choose, such as leak rate, facilities, tanks, tank age, protection score or risk score. ' +
      'Hover a region for its figures and click it for details and a list of its facilities.',
  },
  {
    topic: 'thanks',
    matches: words('thanks?|thank you|thx|ty|appreciated?|cheers'),
    reply: "You're welcome! Is there anything else about storage tanks I can help with?",
  },
  {
    topic: 'help',
    matches: words('help|assist\\w*|support|guide|what can you do|how does (?:this|it) work'),
    reply: `I can answer questions about ${TOPICS_OFFERED}. For example, ask 'What causes tank leaks?' or 'How many facilities are there?'`,
  },
  {
    topic: 'greeting',
    matches: (text) => /^(?:hi|hello|hey|hiya|howdy|greetings|good (?:morning|afternoon|evening))\b/.test(text),
    reply: `Hello! What would you like to know? I can help with ${TOPICS_OFFERED}.`,
  },
  {
    // Yes/no or a word or two that no topic matched: ask for more rather than guess.
    topic: 'short',
    matches: (text) => /^(?:yes|no|yeah|yep|yup|nope|nah|ok|okay|sure|maybe)$/.test(text) || text.split(' ').length <= 2,
    reply: `Could you tell me a little more? You can ask about ${TOPICS_OFFERED}.`,
  },
];

const FALLBACK: Rule = {
  topic: 'fallback',
  matches: () => true,
  reply: `I'm not sure I can answer that. I can help with ${TOPICS_OFFERED}. Could you rephrase your question?`,
};

/** Lower case, punctuation to spaces, single spaces: 'Hello!!' and 'hello' are the same question. */
export function normalizeQuestion(question: string): string {
  return question
    .toLowerCase()
    .replace(/[^a-z0-9$%' ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function topicOf(question: string): Topic {
  return ruleFor(question).topic;
}

function ruleFor(question: string): Rule {
  const text = normalizeQuestion(question);
  return RULES.find((rule) => rule.matches(text)) ?? FALLBACK;
}

/** The answer to a question; `statistics` is null when they could not be loaded. */
export function replyTo(question: string, statistics: TankAiStatistics | null): { topic: Topic; text: string } {
  const rule = ruleFor(question);
  if (typeof rule.reply === 'string') return { topic: rule.topic, text: rule.reply };
  return { topic: rule.topic, text: statistics ? rule.reply(statistics) : CHAT_FAILURE_TEXT };
}

/** docs/product.md section 9: the typing indicator shows for a random 1,000 to 3,000 ms. */
export const REPLY_DELAY_MS = { min: 1_000, max: 3_000 } as const;

export function replyDelayMs(random: () => number = Math.random): number {
  return REPLY_DELAY_MS.min + Math.floor(random() * (REPLY_DELAY_MS.max - REPLY_DELAY_MS.min + 1));
}
