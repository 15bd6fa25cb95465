/** One choice of a select: the value it stands for and the text a person reads. */
export interface SelectOption<T extends string = string> {
  value: T;
  label: string;
}

/** The choices of a select from a table of labels, in the order of `values` (every key of `labels` by default). */
export function labelledOptions<T extends string>(labels: Readonly<Record<T, string>>, values: readonly T[] = Object.keys(labels) as T[]): SelectOption<T>[] {
  return values.map((value) => ({ value, label: labels[value] }));
}
