/** Where the repair form keeps what is typed until it is saved (sessionStorage: this tab, gone when it closes). */
export const draftKey = (repairId?: string) => `repair-draft:${repairId ?? "new"}`;
