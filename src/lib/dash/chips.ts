import { isRecordId } from "./parse";

/** What a context chip above the chat input points at. */
export type ChipType = "knowledge" | "document" | "case";

/** A knowledge item, document or case the next question is about. */
export interface ContextChip {
  type: ChipType;
  id: string;
  label: string;
}

const CHIP_TYPES: readonly ChipType[] = ["knowledge", "document", "case"];

/** Validates a chip read back from storage, or null. */
export function parseChip(data: unknown): ContextChip | null {
  if (typeof data !== "object" || data === null) return null;
  const { type, id, label } = data as Partial<ContextChip>;
  if (!CHIP_TYPES.includes(type as ChipType) || !isRecordId(id) || typeof label !== "string") return null;
  return { type: type as ChipType, id, label };
}

/** Adds a chip unless one with the same type and id is already there. */
export const withChip = (chips: readonly ContextChip[], chip: ContextChip): ContextChip[] =>
  chips.some((c) => c.type === chip.type && c.id === chip.id) ? [...chips] : [...chips, chip];

/** The chip 'Open in Chat' makes of a knowledge item, a document or a case: its id, labelled with its title. */
export const chipFor = (type: ChipType, record: { id: string; title: string }): ContextChip => ({ type, id: record.id, label: record.title });
