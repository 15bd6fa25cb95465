/** Moves focus to the form control named `name` (the first invalid field after a refused submit). */
export function focusField(form: HTMLFormElement | null, name: string | null | undefined): void {
  if (!form || !name) return;
  form.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`)?.focus();
}
