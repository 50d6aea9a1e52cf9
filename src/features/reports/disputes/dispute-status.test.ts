import { describe, expect, it } from 'vitest';
import { createDisputeBodySchema, declineDisputeBodySchema, DISPUTE_MESSAGES } from '@contracts/disputes';
import { disputeStatusWords } from './dispute-status';

describe('a dispute in words', () => {
  it('says awaiting review, accepted with the reply when there is one, or declined with the reply', () => {
    expect(disputeStatusWords({ status: 'OPEN', reply: null })).toBe('Disputed · awaiting review');
    expect(disputeStatusWords({ status: 'ACCEPTED', reply: null })).toBe('Dispute accepted — excluded from figures');
    expect(disputeStatusWords({ status: 'ACCEPTED', reply: 'Logged at the corridor sink' })).toBe('Dispute accepted — excluded from figures: Logged at the corridor sink');
    expect(disputeStatusWords({ status: 'DECLINED', reply: 'The badge was on you' })).toBe('Dispute declined: The badge was on you');
  });
});

describe('what the dialogs check before sending', () => {
  const door = { kind: 'ENTRY', doorAt: '2026-12-01T09:00:00.000Z' } as const;
  it('asks a note for Other, none for the other reasons', () => {
    const other = createDisputeBodySchema.safeParse({ ...door, reason: 'OTHER' });
    expect(other.success).toBe(false);
    expect(other.error?.issues[0]?.message).toBe(DISPUTE_MESSAGES.noteRequired);
    expect(createDisputeBodySchema.safeParse({ ...door, reason: 'OTHER', note: 'Gloves' }).success).toBe(true);
    expect(createDisputeBodySchema.safeParse({ ...door, reason: 'BADGE_LEFT' }).success).toBe(true);
    expect(createDisputeBodySchema.safeParse({ ...door, reason: 'BADGE_LEFT', note: 'x'.repeat(501) }).success).toBe(false);
  });
  it('asks a reply to decline', () => {
    expect(declineDisputeBodySchema.safeParse({ userId: 5, reply: ' ' }).error?.issues[0]?.message).toBe(DISPUTE_MESSAGES.replyRequired);
    expect(declineDisputeBodySchema.safeParse({ userId: 5, reply: 'No' }).success).toBe(true);
  });
});
