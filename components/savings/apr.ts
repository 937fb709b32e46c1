/** A saving plan's term as people read it: 0 days is a flexible plan. */
export const termText = (days: number): string => (days === 0 ? "Flexible" : `${days} days`);
