import { atom } from "nanostores";

export type ToastVariant = "default" | "destructive";

export interface ToastInput {
  title: string;
  description: string;
  /** "destructive" toasts are errors: red, and announced assertively (role alert). */
  variant?: ToastVariant;
}

export interface Toast {
  id: number;
  title: string;
  description: string;
  variant: ToastVariant;
  /** False once dismissed: hidden at once, removed from the store after TOAST_REMOVE_DELAY_MS. */
  open: boolean;
}

/** At most this many toasts exist at once: a new one replaces the oldest. */
export const TOAST_LIMIT = 1;
/** How long a dismissed toast stays in the store before it is removed (the specification's value). */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

/** Every toast, newest first; the Toaster shows the open ones. */
export const $toasts = atom<Toast[]>([]);

let lastId = 0;
const removalTimers = new Map<number, ReturnType<typeof setTimeout>>();

function clearRemoval(id: number): void {
  clearTimeout(removalTimers.get(id));
  removalTimers.delete(id);
}

/** Removes a toast from the store at once. */
export function removeToast(id: number): void {
  clearRemoval(id);
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}

/** Shows a toast, replacing older ones beyond TOAST_LIMIT; returns its id. */
export function showToast({ title, description, variant = "default" }: ToastInput): number {
  lastId += 1;
  const toast: Toast = { id: lastId, title, description, variant, open: true };
  const all = [toast, ...$toasts.get()];
  for (const dropped of all.slice(TOAST_LIMIT)) clearRemoval(dropped.id);
  $toasts.set(all.slice(0, TOAST_LIMIT));
  return toast.id;
}

/** Hides a toast (every toast when no id is given) and schedules its removal. */
export function dismissToast(id?: number): void {
  const toasts = $toasts.get();
  for (const toast of toasts) {
    if ((id === undefined || toast.id === id) && !removalTimers.has(toast.id)) {
      removalTimers.set(
        toast.id,
        setTimeout(() => removeToast(toast.id), TOAST_REMOVE_DELAY_MS),
      );
    }
  }
  $toasts.set(toasts.map((toast) => (id === undefined || toast.id === id ? { ...toast, open: false } : toast)));
}

// One toast handed from a page that is about to leave to the next page this tab shows.
const FLASH_KEY = "paphos-ai:flash-toast";

/** Keeps a toast for the next page of this tab to show (sessionStorage; nothing when it is blocked). */
export function flashToast(toast: ToastInput, storage: Pick<Storage, "setItem"> | undefined = globalThis.sessionStorage): void {
  try {
    storage?.setItem(FLASH_KEY, JSON.stringify(toast));
  } catch {
    // Blocked or full storage: the next page simply shows no notice.
  }
}

/** Shows, once, the toast an earlier page of this tab left with flashToast. */
export function showFlashedToast(storage: Pick<Storage, "getItem" | "removeItem"> | undefined = globalThis.sessionStorage): void {
  let text: string | null;
  try {
    text = storage?.getItem(FLASH_KEY) ?? null;
    storage?.removeItem(FLASH_KEY);
  } catch {
    return;
  }
  const toast = parseToastInput(text);
  if (toast) showToast(toast);
}

/** A flashed toast read back from storage; null when it is missing or has the wrong shape. */
function parseToastInput(text: string | null): ToastInput | null {
  try {
    const value = JSON.parse(text ?? "null") as Partial<ToastInput> | null;
    if (typeof value?.title !== "string" || typeof value.description !== "string") return null;
    return { title: value.title, description: value.description, variant: value.variant === "destructive" ? "destructive" : "default" };
  } catch {
    return null;
  }
}
