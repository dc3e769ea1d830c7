// Leaving the login UI for an address of the server (a resume that answers the service):
// a browser navigation, replaced in tests, where jsdom cannot navigate.
export const redirector = { assign: (url) => window.location.assign(url) };
