/**
 * Runs `work` once the page has loaded and the browser has a free moment, or after `timeout` ms of
 * waiting for one, whichever is first; returns a cancel. For what is not needed for the first paint
 * or the first tap (the chart's code): the screen's own scripts and hydration run first, and the
 * deferred work starts in a task of its own rather than right behind them.
 */
export function whenIdle(work: () => void, timeout = 1000): () => void {
  let cancelled = false;
  let cancelStep = () => {};
  const idle = () => {
    if (cancelled) return;
    if (typeof requestIdleCallback === "function") {
      const id = requestIdleCallback(() => !cancelled && work(), { timeout });
      cancelStep = () => cancelIdleCallback(id);
    } else {
      // Safari has no requestIdleCallback: a short timer still lets the pending tasks go first.
      const id = setTimeout(() => !cancelled && work(), 50);
      cancelStep = () => clearTimeout(id);
    }
  };
  if (document.readyState === "complete") idle();
  else {
    window.addEventListener("load", idle, { once: true });
    cancelStep = () => window.removeEventListener("load", idle);
  }
  return () => {
    cancelled = true;
    cancelStep();
  };
}
