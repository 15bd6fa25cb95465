export type ChipType = "knowledge" | "document" | "case";

export interface ContextChip {
  type: ChipType;
  id: string;
  label: string;
}
