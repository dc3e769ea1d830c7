import { describeMockup } from '../../test/profileMock';

describeMockup({ path: 'completetwostepverification', titleId: 'profile.twoStep.title', action: { role: 'button', id: 'common.continue' }, next: 'enternewemail' });
