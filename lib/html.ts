// Text put into HTML we write by hand (the status page, the notices' emails):
// every text from the database or a person goes through escape().

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]);
