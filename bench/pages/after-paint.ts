/** Resolves after the next frame was painted (a task queued from requestAnimationFrame runs after paint). */
export function afterPaint(): Promise<number> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => resolve(performance.now());
      ch.port2.postMessage(0);
    }),
  );
}
