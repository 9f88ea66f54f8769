/** Every shop has at most this many accounts, its main one included. */
export const MAX_ACCOUNTS_PER_SHOP = 3;
