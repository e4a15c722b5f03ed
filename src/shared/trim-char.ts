// Removing a run of one character from the ends of a text, without a pattern: `/-+$/` takes
// quadratic time on a long run of dashes followed by anything else, this loop linear time.

/** `value` without the `char`s at its start, its end, or both. */
export function trimChar(value: string, char: string, side: 'start' | 'end' | 'both' = 'both'): string {
  let start = 0;
  let end = value.length;
  if (side !== 'end') while (start < end && value[start] === char) start++;
  if (side !== 'start') while (end > start && value[end - 1] === char) end--;
  return start === 0 && end === value.length ? value : value.slice(start, end);
}
