/**
 * The option an arrow key makes active in a combobox's listbox: opening the list (or nothing active
 * yet) starts at the first (down) or last (up) option; otherwise the arrow moves one step, wrapping.
 */
export function nextActiveOption(current: number, count: number, down: boolean, expanded: boolean): number {
  if (!expanded || current === -1) return down ? 0 : count - 1;
  return (current + (down ? 1 : count - 1)) % count;
}
