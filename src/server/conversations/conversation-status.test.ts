import { describe, expect, it } from 'vitest';
import { nextStatusOnReply } from './conversations.service';

describe('nextStatusOnReply', () => {
  it('opens a new conversation and keeps open and closed ones', () => {
    expect(nextStatusOnReply('new')).toBe('open');
    expect(nextStatusOnReply('open')).toBe('open');
    expect(nextStatusOnReply('closed')).toBe('closed');
  });
});
