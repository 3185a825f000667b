export { formatDate, formatDateTime, formatDay, orderNumber } from '@/lib/dates';
