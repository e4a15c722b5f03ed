import { describe, expect, it } from 'vitest';
import { conversationFromRecipients, replyAddress } from './reply-tag';

const INBOX = 'hello@gym.example';
const SECRET = 'a-test-secret-of-enough-length';

describe('reply tags', () => {
  it('tags the inbound address per conversation and reads the tag back', () => {
    const a = replyAddress(INBOX, SECRET, 42);
    expect(a).toMatch(/^hello\+c42\.[a-z2-7]{10}@gym\.example$/);
    expect(conversationFromRecipients(['someone@else.example', a], INBOX, SECRET)).toBe(42);
    expect(conversationFromRecipients([a.toUpperCase()], INBOX, SECRET)).toBe(42);
  });

  it('refuses a tag made up for another conversation, another key, domain or mailbox', () => {
    const a = replyAddress(INBOX, SECRET, 42);
    const mac = a.split('.')[1].split('@')[0];
    expect(conversationFromRecipients([`hello+c43.${mac}@gym.example`], INBOX, SECRET)).toBeNull();
    expect(conversationFromRecipients([a], INBOX, 'another-secret-of-enough-length')).toBeNull();
    expect(conversationFromRecipients([a.replace('gym.example', 'evil.example')], INBOX, SECRET)).toBeNull();
    expect(conversationFromRecipients([a.replace('hello+', 'sales+')], INBOX, SECRET)).toBeNull();
    expect(conversationFromRecipients([INBOX], INBOX, SECRET)).toBeNull();
  });
});
