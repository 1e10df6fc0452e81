import { describe, expect, it } from 'vitest';
import { subscriptionChanges } from './topic-choice';

describe('subscriptionChanges', () => {
  const topics = ['updates', 'election-a', 'region-b', 'region-c'];

  it('follows the checked topics not followed yet, and only those', () => {
    expect(subscriptionChanges(topics, { 'region-b': ['s1'] }, new Set(['updates', 'region-b']))).toEqual({ follow: ['updates'], unfollow: [] });
  });

  it('unfollows every subscriber of an unchecked topic', () => {
    expect(subscriptionChanges(topics, { 'election-a': ['s1', 's2'], updates: ['s3'] }, new Set(['updates']))).toEqual({
      follow: [],
      unfollow: [
        { topicId: 'election-a', subscriberId: 's1' },
        { topicId: 'election-a', subscriberId: 's2' },
      ],
    });
  });

  it('leaves topics outside the offered ones alone, even when asked for', () => {
    expect(subscriptionChanges(topics, { 'region-z': ['s9'] }, new Set(['region-y']))).toEqual({ follow: [], unfollow: [] });
  });

  it('changes nothing when the form matches what is followed', () => {
    expect(subscriptionChanges(topics, { updates: ['s1'], 'region-c': ['s2'] }, new Set(['updates', 'region-c']))).toEqual({ follow: [], unfollow: [] });
  });
});
