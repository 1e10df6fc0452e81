import { randomInt } from 'node:crypto';

const ADJECTIVES = [
  'Able', 'Agile', 'Amber', 'Bold', 'Brave', 'Breezy', 'Bright', 'Brisk', 'Calm', 'Cheerful',
  'Clever', 'Cosy', 'Curious', 'Daring', 'Dapper', 'Eager', 'Earnest', 'Fair', 'Fearless', 'Fluffy',
  'Friendly', 'Gentle', 'Gleaming', 'Golden', 'Graceful', 'Happy', 'Hardy', 'Honest', 'Humble', 'Jolly',
  'Keen', 'Kind', 'Lively', 'Loyal', 'Lucky', 'Mellow', 'Merry', 'Mighty', 'Nimble', 'Noble',
  'Patient', 'Peaceful', 'Playful', 'Plucky', 'Polite', 'Proud', 'Quick', 'Quiet', 'Radiant', 'Sunny',
  'Swift', 'Tidy', 'Trusty', 'Vivid', 'Warm', 'Wise', 'Witty', 'Zesty',
];

const NOUNS = [
  'badger', 'bear', 'beaver', 'bee', 'bison', 'canary', 'cat', 'cheetah', 'crane', 'deer',
  'dolphin', 'dove', 'duck', 'eagle', 'elk', 'falcon', 'finch', 'fox', 'frog', 'gazelle',
  'gecko', 'goose', 'hare', 'hawk', 'hedgehog', 'heron', 'ibis', 'jaguar', 'koala', 'lark',
  'lemur', 'lion', 'llama', 'lynx', 'magpie', 'marten', 'mole', 'moose', 'otter', 'owl',
  'panda', 'parrot', 'pelican', 'penguin', 'puffin', 'rabbit', 'raven', 'robin', 'salmon', 'seal',
  'sparrow', 'squirrel', 'swan', 'tiger', 'toucan', 'turtle', 'walrus', 'whale', 'wolf', 'wren',
];

function pick(words: readonly string[]): string {
  return words[randomInt(words.length)]!;
}

/** The "Adjective noun" security phrase of a token (e.g. `Brave owl`), shown in the e-mail to match. */
export function securityPhrase(): string {
  return `${pick(ADJECTIVES)} ${pick(NOUNS)}`;
}
