/**
 * Resolves in a task of its own, after what the browser has waiting (input, a frame): `scheduler.yield()` where the
 * browser has it, else a message to itself, which neither a fake clock (Playwright's, Vitest's) nor a background
 * tab's timer throttling holds back, as it would a `setTimeout`.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
