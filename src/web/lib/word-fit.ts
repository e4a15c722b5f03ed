import type { CSSProperties } from 'react';

/**
 * Scripts a browser breaks inside what a reader sees as a word (Chinese and Japanese between any
 * two characters, Thai and its neighbours by dictionary): their runs never force a line of their own.
 */
const BREAKABLE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]+/u;

/** Characters of the longest unbreakable word of the texts (marks not counted); 1 for none. */
export function longestWordChars(...texts: (string | null | undefined)[]): number {
  let longest = 1;
  for (const text of texts) {
    // A line may break at spaces and after hyphens; nowhere else in these scripts.
    for (const word of (text ?? '').split(/[\s\u00ad\u2010-]+/)) {
      for (const run of word.split(BREAKABLE)) longest = Math.max(longest, run.replace(/\p{M}/gu, '').length);
    }
  }
  return longest;
}

/**
 * The style that lets a display heading's `text-*-fit` utility (styles/site.css) shrink its size
 * until its longest word fits one line, instead of breaking that word without a hyphen (browsers
 * without hyphenation dictionaries, such as Debian's Chromium, do). Same value on server and client.
 */
export const wordFit = (...texts: (string | null | undefined)[]): CSSProperties => ({ '--word-chars': longestWordChars(...texts) }) as CSSProperties;
