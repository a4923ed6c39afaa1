import { describe, expect, it } from 'vitest';
import { strengthOfScore } from './password-strength.ts';

describe('password strength', () => {
  it('maps zxcvbn scores to Weak, Medium and Strong', () => {
    expect([0, 1, 2, 3, 4].map(strengthOfScore)).toEqual(['weak', 'weak', 'medium', 'strong', 'strong']);
  });
});
