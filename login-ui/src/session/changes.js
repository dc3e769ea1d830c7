// The changes of a signed-in person that need proof that it is them first (the password,
// then a second factor), and the account pages' steps that do (deleting the account,
// downloading their information): the name each has in the /v1 paths, by the flow of its
// journey, and the screen where each starts.
export const CHANGE_OF_FLOW = {
  email_change: 'email',
  phone_change: 'phone',
  password_change: 'password',
  methods: 'methods',
  account_deletion: 'delete',
  information: 'download',
};

export const CHANGES = Object.values(CHANGE_OF_FLOW);

export const startOf = (change) => (change === 'email' ? 'firstverifyitsyou' : `firstverifyitsyou/${change}`);
