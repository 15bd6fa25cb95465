import type { ContextChip } from "../../lib/dash/chips";

/** Stub of contract 2 until part 1 merges: starts a new chat with exactly this chip. */
export function openInChat(chip: ContextChip): void {
  void chip;
}
