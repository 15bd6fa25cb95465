/**
 * Settles like `promise`, or rejects with `reason()` when it has not settled within `ms`. Built on
 * setTimeout, so fake clocks drive it in tests; the timer is cleared either way.
 */
export async function withinTime<T>(promise: Promise<T>, ms: number, reason: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(reason()), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
