import { describe, expect, it } from 'vitest';
import { questionsSchema } from '../../shared/study/protocolScreens.js';
import { checkAnswers, questionsForParticipant } from './screens.js';

const questions = questionsSchema.parse([
  { id: 'age', kind: 'choice', text: 'Are you 18 or older?', choices: ['Yes', 'No'], eligible: ['Yes'] },
  { id: 'tools', kind: 'choice', text: 'Which do you use?', choices: ['Slack', 'Teams', 'Email'], multiple: true, required: false },
  { id: 'effort', kind: 'likert', text: 'Effort', points: 5 },
  { id: 'note', kind: 'text', text: 'Anything else?', max_length: 10 },
]);

describe('answers to a screen of questions', () => {
  it('accepts valid answers and marks an ineligible screener answer', () => {
    expect(checkAnswers(questions, { age: 0, tools: [0, 2], effort: 3, note: 'ok' })).toEqual({ problem: null, screenedOut: false });
    expect(checkAnswers(questions, { age: 1, effort: 3 })).toEqual({ problem: null, screenedOut: true });
  });

  it('names what is wrong: a missing required answer, a point off the scale, a choice that does not exist, text too long, an unknown id', () => {
    expect(checkAnswers(questions, { effort: 3 }).problem).toBe('Please answer: Are you 18 or older?');
    expect(checkAnswers(questions, { age: 0, effort: 6 }).problem).toMatch(/from 1 to 5/);
    expect(checkAnswers(questions, { age: 2, effort: 1 }).problem).toMatch(/one of its choices/);
    expect(checkAnswers(questions, { age: [0, 1], effort: 1 }).problem).toMatch(/one of its choices/);
    expect(checkAnswers(questions, { age: 0, effort: 1, note: 'x'.repeat(11) }).problem).toMatch(/at most 10/);
    expect(checkAnswers(questions, { age: 0, effort: 1, shoe: 'x' }).problem).toMatch(/no question "shoe"/);
  });

  it('shows a participant the questions without which answers are eligible', () => {
    const shown = questionsForParticipant(questions);
    expect(shown[0]).toEqual({ id: 'age', kind: 'choice', text: 'Are you 18 or older?', required: true, choices: ['Yes', 'No'], multiple: false });
    expect(JSON.stringify(shown)).not.toContain('eligible');
  });
});
