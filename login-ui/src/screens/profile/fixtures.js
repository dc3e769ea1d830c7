// The signed-in person of the profile and recovery tests, as GET /v1/profile answers.
import { fail, ok } from '../../test/utils';

export const PROFILE = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  emailVerified: true,
  phone: '******0100',
  phoneChannel: 'sms',
  language: 'en',
  notifications: 'email',
  services: [{ id: 1, title: 'Reservations', description: '', url: 'http://localhost:5001' }],
  reverifyNeeded: true,
};

export const signedIn = (routes = {}, profile = {}) => ({
  'GET /v1/profile': ok({ ...PROFILE, ...profile }),
  ...routes,
});

export const signedOut = { 'GET /v1/profile': fail('29', null, 401) };
