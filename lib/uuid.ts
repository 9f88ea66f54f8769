const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value is a UUID, the shape of every id this app makes. */
export const isUuid = (value: unknown): value is string => typeof value === "string" && UUID.test(value);
