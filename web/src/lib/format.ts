export { formatDate, formatDateTime, truncate } from '@guichet/contract';
