/** Query keys of the wallets feature: one root, so a cash-out refreshes the wallet, its movements and cash-outs. */
export const walletKeys = {
  all: ['wallets'] as const,
  wallet: (userId: string, type: string) => ['wallets', userId, type] as const,
  detail: (userId: string, type: string) => ['wallets', userId, type, 'detail'] as const,
  movements: (userId: string, type: string) => ['wallets', userId, type, 'movements'] as const,
  history: (userId: string, type: string, days: number) => ['wallets', userId, type, 'history', days] as const,
  cashouts: (userId: string, type: string) => ['wallets', userId, type, 'cashouts'] as const,
};
