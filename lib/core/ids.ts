import { v7 as uuidv7 } from "uuid";

/** Public ids are time-ordered UUIDs: unguessable, yet index-friendly. */
export const newId = (): string => uuidv7();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID.test(value);
