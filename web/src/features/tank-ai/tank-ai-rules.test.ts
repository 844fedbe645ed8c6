import { describe, expect, it } from 'vitest';
import {
  CHAT_FAILURE_TEXT,
  normalizeQuestion,
  replyDelayMs,
  replyTo,
  RULES,
  SUGGESTED_QUESTIONS,
  topicOf,
  type TankAiStatistics,
  type Topic,
} from './tank-ai-rules';

const statistics: TankAiStatistics = {
  total_facilities: 742_860,
  total_tanks: 2_280_075,
  active_tanks: 504_169,
  average_tank_age: 37.1,
  total_leaks: 325_288,
  facilities_with_leaks: 248_412,
  leak_rate: 33.4,
  tanks_by_age_band: [
    { band: '0-9', tanks: 50_000 },
    { band: '10-19', tanks: 90_000 },
    { band: '20-29', tanks: 120_000 },
    { band: '30-39', tanks: 160_000 },
    { band: '40+', tanks: 84_169 },
  ],
};

describe('Tank AI rules: each topic', () => {
  const cases: Array<[question: string, topic: Topic]> = [
    ['What are the EPA regulations?', 'regulation'],
    ['Is there a federal compliance requirement?', 'regulation'],
    ['Why do tanks leak?', 'leak'],
    ['How much does a spill cleanup cost?', 'leak'],
    ['What is a risk score?', 'risk'],
    ['How are insurance premiums set?', 'risk'],
    ['What is the average tank age?', 'age'],
    ['When were most tanks installed?', 'age'],
    ['How many facilities are there?', 'data'],
    ['Tell me about the database', 'data'],
    ['How do I search for an address?', 'search'],
    ['Find facilities nearby', 'search'],
    ['How do I use the map?', 'map'],
    ['Which counties are covered?', 'map'],
    ['Thank you so much!', 'thanks'],
    ['Can you help me?', 'help'],
    ['What can you do?', 'help'],
    ['Hello!', 'greeting'],
    ['good morning there', 'greeting'],
    ['yes', 'short'],
    ['Nope.', 'short'],
    ['purple bananas', 'short'],
    ['Tell me about the weather in Denver today', 'fallback'],
  ];
  it.each(cases)('%s -> %s', (question, topic) => {
    expect(topicOf(question)).toBe(topic);
  });

  it('the five suggested questions reach regulation, risk, leak, age and data (docs/product.md section 2)', () => {
    expect(SUGGESTED_QUESTIONS.map(topicOf)).toEqual(['regulation', 'risk', 'leak', 'age', 'data']);
  });

  it('every rule but the fallback is in the table, in the documented order', () => {
    expect(RULES.map((rule) => rule.topic)).toEqual(['regulation', 'leak', 'risk', 'age', 'data', 'search', 'map', 'thanks', 'help', 'greeting', 'short']);
  });
});

describe('Tank AI rules: precedence', () => {
  it('a topic beats a greeting, thanks or help in the same message', () => {
    expect(topicOf('Hi, what causes leaks?')).toBe('leak');
    expect(topicOf('Thanks! And how many tanks are there?')).toBe('data');
    expect(topicOf('Help me understand risk scores')).toBe('risk');
  });

  it('regulation beats leak, leak beats data, age beats data, data beats search', () => {
    expect(topicOf('What are the regulations on leak detection?')).toBe('regulation');
    expect(topicOf('How many leaks are recorded?')).toBe('leak');
    expect(topicOf('How many tanks are over 40 years old?')).toBe('age');
    expect(topicOf('How many facilities can I find near Denver?')).toBe('data');
  });

  it('thanks beats help; help beats a greeting', () => {
    expect(topicOf('Thanks for the help')).toBe('thanks');
    expect(topicOf('Hello, can you help?')).toBe('help');
  });

  it('keywords are whole words: storage is not age, page is not age', () => {
    expect(topicOf('storage')).toBe('short');
    expect(topicOf('Where is the settings page located please?')).toBe('fallback');
  });

  it('normalizes case, punctuation and spacing', () => {
    expect(normalizeQuestion('  HELLO!!   How   are you? ')).toBe('hello how are you');
  });
});

describe('Tank AI rules: answers', () => {
  it('the data answer quotes the live figures with thousands separators', () => {
    const { text } = replyTo('How many facilities are there?', statistics);
    expect(text).toContain('742,860 facilities');
    expect(text).toContain('2,280,075 tanks');
    expect(text).toContain('504,169 of them active');
    expect(text).toContain('325,288 releases');
    expect(text).toContain('33.4% of facilities (248,412)');
    expect(text).toContain('37.1 years');
  });

  it('the leak answer quotes live leaks and the $125,000 cleanup cost as a published estimate', () => {
    const { text } = replyTo('What causes tank leaks?', statistics);
    expect(text).toContain('325,288 releases');
    expect(text).toContain('248,412 of 742,860 facilities (33.4%)');
    expect(text).toContain('A published industry estimate puts the average cleanup cost at about $125,000 per release');
    expect(text).toContain('not a figure from this data');
  });

  it('the age answer names the average age and the largest active-tank age band', () => {
    const { text } = replyTo('How old are most storage tanks?', statistics);
    expect(text).toContain('The average tank age is 37.1 years');
    expect(text).toContain('The largest group of active tanks is 30-39 years old: 160,000 of 504,169 (31.7%)');
  });

  it('the age answer leaves the band out when there are no banded tanks', () => {
    const { text } = replyTo('How old are the tanks?', { ...statistics, tanks_by_age_band: [] });
    expect(text).toContain('The average tank age is 37.1 years');
    expect(text).not.toContain('largest group');
  });

  it('figures that cannot be loaded give the spec failure text; answers without figures still answer', () => {
    expect(replyTo('How many facilities are there?', null)).toEqual({ topic: 'data', text: CHAT_FAILURE_TEXT });
    expect(replyTo('What causes leaks?', null).text).toBe(CHAT_FAILURE_TEXT);
    expect(replyTo('How old are tanks?', null).text).toBe(CHAT_FAILURE_TEXT);
    expect(replyTo('How is risk calculated?', null).text).toContain('risk score from 1 to 10: 1-3 low, 4-6 moderate, 7-10 high');
    expect(CHAT_FAILURE_TEXT).toBe("I apologize, but I'm experiencing technical difficulties. Please try again later.");
  });

  it('the fallback asks to rephrase', () => {
    expect(replyTo('Tell me about the weather in Denver today', statistics).text).toContain('Could you rephrase your question?');
  });
});

describe('replyDelayMs', () => {
  it('is 1,000 to 3,000 ms (docs/product.md section 9)', () => {
    expect(replyDelayMs(() => 0)).toBe(1_000);
    expect(replyDelayMs(() => 0.5)).toBe(2_000);
    expect(replyDelayMs(() => 0.999_999_9)).toBe(3_000);
  });
});
