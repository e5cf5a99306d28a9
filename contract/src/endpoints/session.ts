import {
  agentEmailBodySchema,
  agentEmailResponseSchema,
  currentUserSchema,
  digestChoiceSchema,
  digestUpdateSchema,
  loginBodySchema,
  loginFailureSchema,
  loginSuccessSchema,
  passwordChangeBodySchema,
} from '../auth.ts';
import { successSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { e } from './shared.ts';

export const sessionEndpoints = {
  login: endpoint({
    method: 'POST',
    path: '/api/login',
    access: 'public',
    body: loginBodySchema,
    response: { 200: loginSuccessSchema, 400: loginFailureSchema.or(e), 429: loginFailureSchema },
  }),
  currentUser: endpoint({
    method: 'GET',
    path: '/api/user/get/current',
    access: 'public',
    response: { 200: currentUserSchema, 401: e },
  }),
  /** A browser navigation: ends the session and lands on the login page (docs/spec/decisions.md §3). */
  logout: endpoint({ method: 'GET', path: '/logout', access: 'public', hidden: true }),
  changePassword: endpoint({
    method: 'POST',
    path: '/api/admin/compte/mot-de-passe',
    access: 'connecte',
    whilePasswordToChange: true,
    body: passwordChangeBodySchema,
    response: { 200: successSchema, 400: e, 429: e },
  }),
  digest: endpoint({
    method: 'GET',
    path: '/api/admin/compte/resume-quotidien',
    access: 'connecte',
    summary: 'Mon compte : le résumé quotidien par courriel (choix, adresse, ou pourquoi il est impossible)',
    response: { 200: digestChoiceSchema },
  }),
  setDigest: endpoint({
    method: 'PUT',
    path: '/api/admin/compte/resume-quotidien',
    access: 'connecte',
    summary: 'Mon compte : recevoir ou non le résumé quotidien',
    body: digestUpdateSchema,
    response: { 200: digestChoiceSchema, 400: e },
  }),
  setEmail: endpoint({
    method: 'PUT',
    path: '/api/admin/compte/courriel',
    access: 'connecte',
    summary: 'Mon compte : l’adresse électronique de l’agent, où part le résumé quotidien (vide : la supprime)',
    body: agentEmailBodySchema,
    response: { 200: agentEmailResponseSchema, 400: e },
  }),
};
