import { referenceEndpoints } from '@guichet/contract';
import { call } from './api.ts';

/** The params by a call: loaded only when the page did not bring them (lib/params.tsx). */
export const fetchParams = () => call(referenceEndpoints.params);
