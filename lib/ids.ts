import { v7 as uuidv7 } from "uuid";

/** Public ids are time-ordered UUIDs: unguessable, yet index-friendly. */
export const newId = (): string => uuidv7();
