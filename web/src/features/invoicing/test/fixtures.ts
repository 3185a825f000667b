import { ME } from '@/test/account-fixtures';

export { deliveredOrder, orderLine } from '@/test/order-fixtures';

export const OWNER = `${ME}:${ME}`;
