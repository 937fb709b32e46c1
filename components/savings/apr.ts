/** Basis points as a yearly rate people read: 525 → "5.25 %". */
export const aprText = (bps: number): string => `${(bps / 100).toFixed(2).replace(/\.?0+$/, "")} %`;

export const termText = (days: number): string => (days === 0 ? "Flexible" : `${days} days`);
