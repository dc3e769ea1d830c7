import { describeMockup } from '../../test/profileMock';

describeMockup({ path: 'enternewemail', titleId: 'profile.newEmail.title', action: { role: 'button', id: 'common.continue' }, next: 'checkyouremail' });
