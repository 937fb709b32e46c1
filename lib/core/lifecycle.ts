// server.ts sets it and Next's bundled handlers read it: one flag on globalThis for both.
const holder = globalThis as unknown as { __aurumDraining?: boolean };

/** From SIGTERM on, the instance finishes what it has and takes nothing new: not ready. */
export const startDraining = (): void => {
  holder.__aurumDraining = true;
};

export const isDraining = (): boolean => holder.__aurumDraining === true;
