import { describe, expect, it } from 'vitest';
import { callActions, nextCallState } from './call-state.js';

const t0 = new Date('2026-01-01T10:00:00Z');
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

describe('call state machine (SPEC §4)', () => {
  it('accept sets the answer time; the end sets the duration from it', () => {
    const accepted = nextCallState({ status: 'outcoming_calling', answeredAt: null }, 'accept', t0);
    expect(accepted).toEqual({ status: 'accept', answeredAt: t0 });
    expect(nextCallState({ status: 'accept', answeredAt: t0 }, 'terminate', at(42.4))).toEqual({
      status: 'terminate',
      endedAt: at(42.4),
      duration: 42,
    });
  });

  it('a call never answered lasts 0 s', () => {
    expect(nextCallState({ status: 'offer', answeredAt: null }, 'reject', at(5))).toEqual({
      status: 'reject',
      endedAt: at(5),
      duration: 0,
    });
    expect(nextCallState({ status: 'offer', answeredAt: null }, 'accept_elsewhere', at(5))).toMatchObject({
      status: 'accept_elsewhere',
      duration: 0,
    });
  });

  it('a final status changes no more; the same status or a new offer is no change', () => {
    for (const final of ['terminate', 'reject', 'accept_elsewhere', 'reject_elsewhere'] as const) {
      expect(nextCallState({ status: final, answeredAt: null }, 'accept', at(1))).toBeNull();
    }
    expect(nextCallState({ status: 'accept', answeredAt: t0 }, 'accept', at(1))).toBeNull();
    expect(nextCallState({ status: 'accept', answeredAt: t0 }, 'offer', at(1))).toBeNull();
    expect(nextCallState({ status: 'accept', answeredAt: t0 }, 'relaylatency', at(1))).toEqual({ status: 'relaylatency' });
  });

  it('only an incoming offer can be accepted or rejected; only a live call can be hung up', () => {
    expect(callActions.accept({ status: 'offer', direction: 'incoming' })).toBe(true);
    expect(callActions.accept({ status: 'outcoming_calling', direction: 'outgoing' })).toBe(false);
    expect(callActions.reject({ status: 'accept', direction: 'incoming' })).toBe(false);
    expect(callActions.hangup({ status: 'accept' })).toBe(true);
    expect(callActions.hangup({ status: 'outcoming_calling' })).toBe(true);
    expect(callActions.hangup({ status: 'terminate' })).toBe(false);
    expect(callActions.hangup({ status: 'offer' })).toBe(false);
  });
});
